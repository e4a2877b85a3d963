import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { photoQuery } from "../../api/photos";
import { secondaryButton } from "../../lib/styles";
import { Modal } from "../printers/dashboard/Modal";

/**
 * Photos shown to the people of an order and to staff (issue 21: the finished part, a claim's
 * evidence, the owner's answer): each as a thumbnail that opens large in a dialog, where Previous
 * and Next walk the set. The links are the server's short-lived ones (GET /api/photos/{id}), read
 * again when they are about to stop working.
 */
export function PhotoGallery({ photoIds, label }: { photoIds: readonly string[]; label: string }) {
  const [open, setOpen] = useState<number | null>(null);
  if (photoIds.length === 0) return null;
  const total = photoIds.length;
  return (
    <>
      <ul aria-label={label} className="flex flex-wrap gap-3">
        {photoIds.map((id, i) => (
          <li key={id}>
            <Thumbnail id={id} name={`${label}: photo ${i + 1} of ${total}`} onOpen={() => setOpen(i)} />
          </li>
        ))}
      </ul>
      {open !== null && photoIds[open] ? (
        <PhotoViewer id={photoIds[open]} label={label} index={open} total={total} onMove={setOpen} onClose={() => setOpen(null)} />
      ) : null}
    </>
  );
}

const frame = "h-24 w-32 rounded-lg border border-slate-200";

function Thumbnail({ id, name, onOpen }: { id: string; name: string; onOpen: () => void }) {
  const photo = useQuery(photoQuery(id));
  const thumb = photo.data?.thumbnail;
  if (!thumb) {
    return (
      <span className={`${frame} flex items-center justify-center bg-slate-100 p-2 text-center text-xs text-slate-600`}>
        {photo.isError ? "Photo not available" : photo.data?.status === "failed" ? "Photo could not be read" : "Loading photo…"}
      </span>
    );
  }
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={`${name} (open large)`}
      className="block rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      <img src={thumb.url} width={thumb.width} height={thumb.height} alt="" className={`${frame} bg-slate-100 object-cover`} />
    </button>
  );
}

/** One photo large, in a dialog: Previous and Next walk the set round, Escape or Close leave. */
function PhotoViewer(p: { id: string; label: string; index: number; total: number; onMove: (i: number) => void; onClose: () => void }) {
  const photo = useQuery(photoQuery(p.id));
  const image = photo.data?.image;
  const name = `${p.label}: photo ${p.index + 1} of ${p.total}`;
  return (
    <Modal open onClose={p.onClose} title={name} size="max-w-4xl">
      <div className="flex min-h-48 items-center justify-center rounded-xl bg-slate-900/5">
        {image ? (
          <img src={image.url} width={image.width} height={image.height} alt={name} className="max-h-[70vh] w-auto object-contain" />
        ) : (
          <p role="status" className="text-sm text-slate-600">
            {photo.isError ? "This photo is not available." : "Loading photo…"}
          </p>
        )}
      </div>
      <div className="mt-4 flex flex-wrap justify-between gap-3">
        <div className="flex gap-2">
          {p.total > 1 ? (
            <>
              <button
                type="button"
                className={secondaryButton}
                onClick={() => p.onMove((p.index + p.total - 1) % p.total)}
                aria-label="Previous photo"
              >
                Previous
              </button>
              <button type="button" className={secondaryButton} onClick={() => p.onMove((p.index + 1) % p.total)} aria-label="Next photo">
                Next
              </button>
            </>
          ) : null}
        </div>
        {image ? (
          <a href={image.url} target="_blank" rel="noreferrer" className="self-center text-sm font-semibold text-brand-700 hover:underline">
            Open full size in a new tab
          </a>
        ) : null}
        <button type="button" className={secondaryButton} onClick={p.onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
