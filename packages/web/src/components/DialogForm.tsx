import { primaryButton, secondaryButton } from "../lib/styles";

/** A dialog form's one problem, said under it and announced (its id goes in the form's aria-describedby). */
export function FormError({ id, error }: { id: string; error: string | null }) {
  if (!error) return null;
  return (
    <p id={id} role="alert" className="mt-3 text-sm text-red-700">
      {error}
    </p>
  );
}

/**
 * A dialog form's buttons: Cancel and its action, which waits (disabled, saying why) while photos
 * are still uploading (`busy`) or the call is on its way (`pending`).
 */
export function DialogButtons({
  onCancel,
  busy,
  pending,
  action,
}: {
  onCancel: () => void;
  busy: boolean;
  pending: boolean;
  action: string;
}) {
  return (
    <div className="mt-6 flex justify-end gap-3">
      <button type="button" className={secondaryButton} onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" disabled={busy || pending} className={primaryButton}>
        {pending ? "Sending..." : busy ? "Photos uploading..." : action}
      </button>
    </div>
  );
}
