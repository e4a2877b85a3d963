export function Spinner({ className = "h-8 w-8" }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin rounded-full border-4 border-brand-200 border-t-brand-600 ${className}`}
    />
  );
}

/** Shown while the session loads. */
export function FullPageSpinner() {
  return (
    <div role="status" aria-label="Loading" className="flex min-h-screen items-center justify-center bg-white">
      <Spinner className="h-12 w-12" />
    </div>
  );
}
