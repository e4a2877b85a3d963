import type { Job } from "../../api/types";
import { ProjectParts } from "../../components/project/ProjectParts";
import { formatGrams } from "../../lib/format";
import { isProject } from "../../lib/parts";
import { cardClass } from "../../lib/styles";

/** File Details (spec 1 §2): file name, material, estimated weight, print time in whole hours rounded up. */
export function FileDetailsCard({ id, draft, hours }: { id: string; draft: Job; hours: number }) {
  return (
    <section aria-labelledby={id} className={cardClass}>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        File Details
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <Item label="File" value={draft.fileName} />
        <Item label="Material" value={draft.material} />
        <Item label="Estimated Weight" value={formatGrams(draft.estimatedWeight)} />
        <Item label="Print Time" value={`${hours} ${hours === 1 ? "hour" : "hours"}`} />
      </dl>
      {isProject(draft.parts) ? <ProjectParts parts={draft.parts} /> : null}
    </section>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-500">{label}</dt>
      <dd className="truncate font-semibold text-slate-900" title={value}>
        {value}
      </dd>
    </div>
  );
}
