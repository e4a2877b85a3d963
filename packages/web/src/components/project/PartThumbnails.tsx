import type { Job } from "../../api/types";
import { copiesInWordsOf, isProject } from "../../lib/parts";

const SHOWN = 4;

/**
 * The parts' pictures on a card (issue 22 point 5: order cards, the owner's queue, saved prints),
 * so people recognise a part without reading its name; for a project, "16 copies of 3 parts".
 * Nothing for a design the server could not draw.
 */
export function PartThumbnails({ parts }: { parts: Job["parts"] }) {
  const drawn = parts.filter((p) => p.thumbnailUrl);
  if (!drawn.length && !isProject(parts)) return null;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      {drawn.slice(0, SHOWN).map((p) => (
        <img
          key={p.number}
          src={p.thumbnailUrl!}
          alt={p.fileName}
          loading="lazy"
          className="h-12 w-12 rounded border border-slate-200 bg-white"
        />
      ))}
      {drawn.length > SHOWN ? <span className="text-xs text-slate-500">+{drawn.length - SHOWN}</span> : null}
      {isProject(parts) ? <span className="text-xs text-slate-600">{copiesInWordsOf(parts)}</span> : null}
    </div>
  );
}
