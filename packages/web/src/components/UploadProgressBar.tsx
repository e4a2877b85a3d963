/** A file's upload progress (0–100) as a labelled progress bar: the upload page's one file and each part of a project. */
export function UploadProgressBar({ pct, label, className = "mt-1" }: { pct: number; label: string; className?: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct}
      className={`${className} h-2 overflow-hidden rounded-full bg-slate-200`}
    >
      <div className="h-full rounded-full bg-brand-600 transition-[width] duration-150" style={{ width: `${pct}%` }} />
    </div>
  );
}
