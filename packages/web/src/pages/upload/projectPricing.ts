import { type DesignMeasurements, measureAtSettings, type ProjectQuote, type QuotedPart, quoteProject } from "@printhood/core/shared/quote";
import { formatOf } from "@printhood/core/shared/uploads";
import type { DraftBody, Job, Printer } from "../../api/types";
import type { PartLine } from "../../components/project/PartLines";
import { colorSetting, materialSetting, type Settings } from "./settings";
import { copiesOf, type ProjectParts } from "./useProjectParts";

// The upload page's project (issue 22): each part measured as the server will measure it (core's
// measureAtSettings from the server's analysis, the browser's until it is in), priced with core's
// one project quote, and the `parts` the draft is saved with.

/** Whether the page holds a project: several parts, or copies of the one. */
export const pageIsProject = (parts: ProjectParts) => parts.extras.length > 0 || copiesOf(parts.firstQuantity) !== 1;

/** Each part after the first, measured at the page's settings (a saved part keeps its own); null while one is being measured. */
function extraParts(parts: ProjectParts, settings: Settings): (QuotedPart & { fileName: string; thumbnailUrl: string | null })[] | null {
  const out = [];
  for (const x of parts.extras) {
    const quantity = copiesOf(x.quantity);
    if (x.saved) {
      out.push({ measured: x.saved, material: x.saved.material, quantity, fileName: x.saved.fileName, thumbnailUrl: x.saved.thumbnailUrl });
      continue;
    }
    const state = parts.states[x.key];
    const geometry = state?.server?.status === "analyzed" ? (state.server.analysis?.geometry ?? null) : (state?.localGeometry ?? null);
    if (!geometry && !state?.failed) return null;
    const file = { bytes: x.file.size, format: formatOf(x.file.name) ?? "stl" };
    const material = materialSetting(x.material || settings.material);
    const measured: DesignMeasurements = measureAtSettings(geometry, { ...settings, material }, file);
    out.push({ measured, material, quantity, fileName: x.file.name, thumbnailUrl: state?.server?.thumbnailUrl ?? null });
  }
  return out;
}

/** The project's quote and its lines on `printer`, or null until every part is measured. */
export function pageProjectQuote(
  parts: ProjectParts,
  first: { measured: DesignMeasurements; fileName: string; thumbnailUrl: string | null },
  settings: Settings,
  printer: Printer | undefined,
): { quote: ProjectQuote; lines: PartLine[] } | null {
  const extras = extraParts(parts, settings);
  if (!extras) return null;
  const all = [{ ...first, material: settings.material, quantity: copiesOf(parts.firstQuantity) }, ...extras];
  const quote = quoteProject(all, settings, printer);
  const lines = all.map((p, i) => ({
    fileName: p.fileName,
    quantity: p.quantity,
    unitCents: quote.lines[i]!.unit.subtotalCents,
    discountPercent: quote.lines[i]!.discountPercent,
    lineTotalCents: quote.lines[i]!.lineTotalCents,
    thumbnailUrl: p.thumbnailUrl,
  }));
  return { quote, lines };
}

/**
 * The draft's `parts` as saved: the first (its upload), then the others (a saved part with its own
 * material, colour and settings; a new one once the server's analysis is in, taking the draft's).
 * Undefined for one design of one copy that was never a project: the spec's payload, unchanged.
 */
export async function partsPayload(parts: ProjectParts, firstUploadId: string, draft: Job | undefined): Promise<DraftBody["parts"]> {
  const wasProject = !!draft && (draft.parts.length > 1 || draft.parts[0]?.quantity !== 1);
  if (!pageIsProject(parts) && !wasProject) return undefined;
  const extras = await Promise.all(
    parts.extras.map(async (x) => {
      const quantity = copiesOf(x.quantity);
      if (x.saved) {
        const s = x.saved.printSettings;
        return {
          uploadId: x.saved.uploadId,
          quantity,
          material: materialSetting(x.saved.material),
          filamentColor: colorSetting(x.filamentColor || x.saved.filamentColor),
          printSettings: { quality: s.quality, infill: s.infill, supports: s.supports, scale: s.scale },
        };
      }
      const state = parts.states[x.key];
      if (!state) throw new Error(`Please wait until ${x.file.name} is uploaded.`);
      return {
        uploadId: (await state.waitForServer()).id,
        quantity,
        ...(x.material ? { material: materialSetting(x.material) } : {}),
        ...(x.filamentColor ? { filamentColor: colorSetting(x.filamentColor) } : {}),
      };
    }),
  );
  return [{ uploadId: firstUploadId, quantity: copiesOf(parts.firstQuantity) }, ...extras];
}
