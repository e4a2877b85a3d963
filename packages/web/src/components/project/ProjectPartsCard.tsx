import { mayDownloadDesign } from "@printhood/core/shared/lifecycle";
import { useId } from "react";
import { useDownloadOrderFile } from "../../api/owner-orders";
import type { Order } from "../../api/types";
import { copiesInWordsOf, isProject } from "../../lib/parts";
import { cardClass } from "../../lib/styles";
import { ProjectParts } from "./ProjectParts";

/**
 * An order's parts (issue 22 point 4), for a project of several parts or copies (a single design of
 * one copy reads as before, with no card): every part with its quantity, settings and printed size;
 * for the printer's owner once the order is theirs to print, a Download per part and Download all (zip).
 */
export function ProjectPartsCard({ order, owner = false }: { order: Pick<Order, "id" | "status" | "parts">; owner?: boolean }) {
  const download = useDownloadOrderFile(order.id);
  const titleId = useId();
  if (!isProject(order.parts)) return null;
  const canDownload = owner && mayDownloadDesign(order.status);
  return (
    <section aria-labelledby={titleId} className={cardClass}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          Parts ({copiesInWordsOf(order.parts)})
        </h2>
        {canDownload ? (
          <button
            type="button"
            disabled={download.isPending}
            onClick={() => download.mutate("all")}
            className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60"
          >
            Download all (zip)
          </button>
        ) : null}
      </div>
      <ProjectParts
        parts={order.parts}
        downloading={download.isPending}
        {...(canDownload ? { onDownload: (n: number) => download.mutate(n) } : {})}
      />
    </section>
  );
}
