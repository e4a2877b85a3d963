import { type DesignMeasurements, measureAtSettings, type ProjectQuote, type QuotedPart, quoteProject } from "@printhood/core/shared/quote";
import { formatOf } from "@printhood/core/shared/uploads";
import type { DraftBody, Job, Printer } from "../../api/types";
import type { PartLine } from "../../components/project/PartLines";
import { colorSetting, materialSetting, type Settings, supportsSetting } from "./settings";
import { copiesOf, type ExtraPart, type ProjectParts, scaleOf } from "./useProjectParts";

// The upload page's project (issue 22): each part measured as the server will measure it (core's
// measureAtSettings from the server's analysis, the browser's until it is in), priced with core's
// one project quote, and the `parts` the draft is saved with.

/** Whether the page holds a project: several parts, or copies of the one. */
export const pageIsProject = (parts: ProjectParts) => parts.extras.length > 0 || copiesOf(parts.firstQuantity) !== 1;

/**
 * A part's settings: its own where it has chosen, part 1's (the page's) where it says "Same as
 * part 1"; its scale is always its own (part 1's may be a unit fix of part 1's file).
 */
export function partSettings(x: ExtraPart, page: Settings): Settings {
  return {
    ...page,
    material: x.saved ? materialSetting(x.saved.material) : materialSetting(x.material || page.material),
    filamentColor: colorSetting(x.filamentColor || page.filamentColor),
    quality: x.quality ? Number(x.quality) : page.quality,
    infill: x.infill ? Number(x.infill) : page.infill,
    supports: supportsSetting(x.supports) ?? page.supports,
    scale: scaleOf(x.scalePercent),
  };
}

/** Whether a saved part is to be printed otherwise than it was saved (then it is measured again from its upload). */
export function savedPartChanged(x: ExtraPart, page: Settings): boolean {
  if (!x.saved) return false;
  const now = partSettings(x, page);
  const was = x.saved.printSettings;
  return now.quality !== was.quality || now.infill !== was.infill || now.supports !== was.supports || now.scale !== was.scale;
}

/** Each part after the first, measured at its own settings; null while one is being measured. */
function extraParts(parts: ProjectParts, settings: Settings): (QuotedPart & { fileName: string; thumbnailUrl: string | null })[] | null {
  const out = [];
  for (const x of parts.extras) {
    const quantity = copiesOf(x.quantity);
    const own = partSettings(x, settings);
    const fileName = x.saved ? x.saved.fileName : x.file.name;
    const state = parts.states[x.key];
    const thumbnailUrl = x.saved ? x.saved.thumbnailUrl : (state?.server?.thumbnailUrl ?? null);
    if (x.saved && !savedPartChanged(x, settings)) {
      out.push({ measured: x.saved, material: own.material, quantity, fileName, thumbnailUrl });
      continue;
    }
    const geometry = state?.server?.status === "analyzed" ? (state.server.analysis?.geometry ?? null) : (state?.localGeometry ?? null);
    if (!geometry && !state?.failed) return null;
    const file = { bytes: x.saved ? x.saved.fileSize : x.file.size, format: formatOf(fileName) ?? "stl" };
    const measured: DesignMeasurements = measureAtSettings(geometry, own, file);
    out.push({ measured, material: own.material, quantity, fileName, thumbnailUrl });
  }
  return out;
}

/**
 * Each part after the first, its size at its own scale (mm of one copy; null while it is not
 * measured, or when it cannot be): what the page asks the finder of every part, not only the first.
 */
export function extraPartSizes(parts: ProjectParts, settings: Settings): { number: number; fileName: string; box: Box | null }[] {
  return parts.extras.map((x, i) => {
    const number = i + 2;
    if (x.saved) {
      // A saved part's size is at its saved scale; another scale changes every side alike.
      const b = x.saved.boundingBox;
      const k = partSettings(x, settings).scale / x.saved.printSettings.scale;
      return { number, fileName: x.saved.fileName, box: b ? { x: b.x * k, y: b.y * k, z: b.z * k } : null };
    }
    const state = parts.states[x.key];
    const geometry = state?.server?.status === "analyzed" ? (state.server.analysis?.geometry ?? null) : (state?.localGeometry ?? null);
    const k = partSettings(x, settings).scale;
    const box = geometry ? { x: geometry.size.x * k, y: geometry.size.y * k, z: geometry.size.z * k } : null;
    return { number, fileName: x.file.name, box };
  });
}
type Box = { x: number; y: number; z: number };

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
 * The draft's `parts` as saved: the first (its upload), then the others, each with its own settings
 * (a new one once the server's analysis is in).
 * Undefined for one design of one copy that was never a project: the spec's payload, unchanged.
 */
export async function partsPayload(
  parts: ProjectParts,
  settings: Settings,
  firstUploadId: string,
  draft: Job | undefined,
): Promise<DraftBody["parts"]> {
  const wasProject = !!draft && (draft.parts.length > 1 || draft.parts[0]?.quantity !== 1);
  if (!pageIsProject(parts) && !wasProject) return undefined;
  const extras = await Promise.all(
    parts.extras.map(async (x) => {
      const own = partSettings(x, settings);
      const printSettings = { quality: own.quality, infill: own.infill, supports: own.supports, scale: own.scale };
      const quantity = copiesOf(x.quantity);
      if (x.saved) {
        return { uploadId: x.saved.uploadId, quantity, material: own.material, filamentColor: own.filamentColor, printSettings };
      }
      const state = parts.states[x.key];
      if (!state) throw new Error(`Please wait until ${x.file.name} is uploaded.`);
      return {
        uploadId: (await state.waitForServer()).id,
        quantity,
        // "Same as part 1" is sent as nothing: the server gives the part the draft's own.
        ...(x.material ? { material: own.material } : {}),
        ...(x.filamentColor ? { filamentColor: own.filamentColor } : {}),
        printSettings,
      };
    }),
  );
  return [{ uploadId: firstUploadId, quantity: copiesOf(parts.firstQuantity) }, ...extras];
}

/** The part chosen for the 3D preview (a new part, drawn from the browser's triangles at its own scale); null for part 1. */
export function partPreview(parts: ProjectParts, settings: Settings) {
  const x = parts.extras.find((p) => p.key === parts.previewKey);
  const state = x && parts.states[x.key];
  const size = state?.localGeometry?.size;
  if (!x?.file || !state?.positions || !size) return null;
  const { scale } = partSettings(x, settings);
  return {
    positions: state.positions,
    dimensions: { x: size.x * scale, y: size.y * scale, z: size.z * scale },
    fileName: x.file.name,
    scale,
  };
}
