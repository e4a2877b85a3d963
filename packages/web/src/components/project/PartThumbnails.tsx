import { PARTS_ON_A_CARD, type PartCounts, partCountsOf } from "@printhood/core/shared/parts";
import type { Job } from "../../api/types";
import { copiesInWordsOf, isProjectOf } from "../../lib/parts";

type Picture = Pick<Job["parts"][number], "number" | "fileName" | "quantity" | "thumbnailUrl">;

/**
 * The parts' pictures on a card (issue 22 point 5: order cards, the owner's queue, saved prints),
 * so people recognise a part without reading its name; for a project, "16 copies of 3 parts".
 * Nothing for a design the server could not draw. An order in a list carries only its first
 * PARTS_ON_A_CARD parts and the counts of them all (`counts`); a saved print carries every part.
 */
export function PartThumbnails({ parts, counts = partCountsOf(parts) }: { parts: readonly Picture[]; counts?: PartCounts }) {
  const drawn = parts.slice(0, PARTS_ON_A_CARD).filter((p) => p.thumbnailUrl);
  const project = isProjectOf(counts);
  if (!drawn.length && !project) return null;
  const more = counts.partCount - Math.min(parts.length, PARTS_ON_A_CARD);
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      {drawn.map((p) => (
        <img
          key={p.number}
          src={p.thumbnailUrl!}
          alt={p.fileName}
          loading="lazy"
          className="h-12 w-12 rounded border border-slate-200 bg-white"
        />
      ))}
      {more > 0 ? <span className="text-xs text-slate-500">+{more}</span> : null}
      {project ? <span className="text-xs text-slate-600">{copiesInWordsOf(counts)}</span> : null}
    </div>
  );
}
