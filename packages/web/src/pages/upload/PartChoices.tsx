import { ORDER_MATERIALS } from "@printhood/core/shared/materials";
import { INFILL_OPTIONS, QUALITY_OPTIONS, SUPPORT_OPTIONS, UPLOAD_COLORS } from "@printhood/core/shared/options";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId } from "react";
import { uploadQuery } from "../../api/uploads";
import { settingsText } from "../../components/project/ProjectParts";
import { inputClass } from "../../lib/styles";
import { partSettings, savedPartChanged } from "./projectPricing";
import type { Settings } from "./settings";
import type { ExtraPart, PartChoiceField, ProjectParts } from "./useProjectParts";

const SAME = "Same as part 1";

/**
 * A part's own choices (issue 22 point 1): material (a new part's only: a saved one was measured in
 * its own), colour, and under "Print settings of part N" its layer height, infill, supports and
 * scale. "Same as part 1" follows the Print Settings card; the summary says what the part will get.
 */
export function PartChoices({
  part,
  number,
  parts,
  settings,
}: {
  part: ExtraPart;
  number: number;
  parts: ProjectParts;
  settings: Settings;
}) {
  const id = useId();
  const own = partSettings(part, settings);
  const select = (field: PartChoiceField, label: string, options: readonly { value: string; label: string }[]) => (
    <div>
      <label htmlFor={`${id}-${field}`} className="block text-xs font-medium text-slate-600">
        {label} (part {number})
      </label>
      <select
        id={`${id}-${field}`}
        value={part[field]}
        onChange={(e) => parts.setChoice(part.key, field, e.target.value)}
        className={inputClass}
      >
        <option value="">{SAME}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
  const scaleId = `${id}-scale`;
  return (
    <>
      <div className="mt-2 grid grid-cols-2 gap-3">
        {part.file ? select("material", "Material", ORDER_MATERIALS) : null}
        {select(
          "filamentColor",
          "Color",
          UPLOAD_COLORS.map((c) => ({ value: c, label: c })),
        )}
      </div>
      <details className="mt-2 rounded-lg bg-slate-50 px-3 py-2">
        <summary className="cursor-pointer text-sm font-medium text-slate-700">
          Print settings of part {number}: {settingsText(own)}
        </summary>
        <div className="mt-2 grid grid-cols-2 gap-3">
          {select(
            "quality",
            "Layer Height",
            QUALITY_OPTIONS.map((q) => ({ value: String(q.value), label: q.label })),
          )}
          {select(
            "infill",
            "Infill",
            INFILL_OPTIONS.map((n) => ({ value: String(n), label: `${n}%` })),
          )}
          {select("supports", "Supports", SUPPORT_OPTIONS)}
          <div>
            <label htmlFor={scaleId} className="block text-xs font-medium text-slate-600">
              Scale % (part {number})
            </label>
            <input
              id={scaleId}
              type="number"
              inputMode="decimal"
              min={0.1}
              max={100000}
              step="any"
              value={part.scalePercent}
              onChange={(e) => parts.setChoice(part.key, "scalePercent", e.target.value)}
              className={inputClass}
            />
          </div>
        </div>
      </details>
      {part.saved ? <SavedPartUpload part={part} parts={parts} settings={settings} /> : null}
    </>
  );
}

/**
 * A saved part printed otherwise than it was saved is measured again from its upload's stored
 * analysis (GET /api/uploads/{id}), as the server will: read only once its settings change.
 */
function SavedPartUpload({ part, parts, settings }: { part: ExtraPart; parts: ProjectParts; settings: Settings }) {
  const changed = savedPartChanged(part, settings);
  const upload = useQuery({ ...uploadQuery(part.saved?.uploadId ?? "none"), enabled: changed });
  const { report } = parts;
  const { data, isError } = upload;
  useEffect(() => {
    if (!changed) return;
    report(part.key, {
      server: data ?? null,
      localGeometry: null,
      failed: isError || data?.status === "failed",
      waitForServer: async () => {
        if (!data) throw new Error(`Please wait until ${part.saved?.fileName ?? "the part"} is read.`);
        return data;
      },
    });
  }, [changed, data, isError, report, part.key, part.saved?.fileName]);
  return null;
}
