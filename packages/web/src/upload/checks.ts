import type { DesignAnalysis } from "@printhood/core/analysis/index";
import { partLabel } from "@printhood/core/shared/compatibility";
import { fitsBuildVolume } from "@printhood/core/shared/fit";
import { formatCount } from "../lib/format";

export interface DesignCheck {
  id: "units" | "rescaled" | "watertight" | "parts" | "printer-size" | "part-size" | "part-printer-size" | "supports";
  tone: "warning" | "info";
  title: string;
  text: string;
  /** The one-click fix, when there is one. */
  action?: { label: string; scale: number };
}

const UNIT_NAMES: Record<string, string> = {
  cm: "centimetres",
  in: "inches",
  m: "metres",
  µm: "micrometres",
  "0.1mm": "tenths of a millimetre",
};
/** A millimetre size to a tenth, thousands grouped: 1234.56 → "1,234.6". */
const fmt = (n: number) => formatCount(Math.round(n * 10) / 10);
export const dims = (b: { x: number; y: number; z: number }) => `${fmt(b.x)} × ${fmt(b.y)} × ${fmt(b.z)} mm`;

export interface PrinterSize {
  name: string;
  buildVolumeX: number;
  buildVolumeY: number;
  buildVolumeZ: number;
}

/**
 * What the customer should know before paying, in plain words: a likely unit other than
 * millimetres (with the rescale), holes in the mesh, several separate parts, too big for the
 * chosen printer or for every printer listed (`fitsNoPrinter`, which the API answers), supports needed.
 */
export function designChecks(a: DesignAnalysis, printer?: PrinterSize | null, fitsNoPrinter = false): DesignCheck[] {
  const out: DesignCheck[] = [];
  const u = a.units;
  if (u.needsConfirmation && u.suggestedScale !== 1 && a.scale === 1) {
    const unit = UNIT_NAMES[u.detected] ?? u.detected;
    out.push({
      id: "units",
      tone: "warning",
      title: "Check the size",
      text: `Read as millimetres, this model is ${dims(a.boundingBox)}. It was probably drawn in ${unit}; then it would be ${dims(u.sizeIfRescaled)}.`,
      action: { label: `Rescale to ${unit} (${dims(u.sizeIfRescaled)})`, scale: u.suggestedScale },
    });
  } else if (u.needsConfirmation && u.suggestedScale === 1 && a.scale === 1) {
    out.push({
      id: "units",
      tone: "warning",
      title: "Check the size",
      text: `This model is ${dims(a.boundingBox)}. Please make sure that is the size you want printed.`,
    });
  }
  if (a.scale !== 1) {
    out.push({
      id: "rescaled",
      tone: "info",
      title: "Rescaled",
      text: `Printing at ${fmt(a.scale)}× the file's size: ${dims(a.boundingBox)}.`,
      action: { label: "Undo rescale", scale: 1 },
    });
  }
  if (!a.watertight) {
    out.push({
      id: "watertight",
      tone: "warning",
      title: "The model has holes",
      text: "Its surface is not closed (not watertight), so the weight is approximate and the printer owner may need to repair the file before printing.",
    });
  }
  if (a.shells > 1) {
    out.push({
      id: "parts",
      tone: "info",
      title: `${a.shells} separate parts`,
      text: `This file holds ${a.shells} separate parts. They are printed together and priced as one job.`,
    });
  }
  if (fitsNoPrinter) {
    out.push({
      id: "printer-size",
      tone: "warning",
      title: "Too big for every printer",
      text: `At ${dims(a.boundingBox)} this design is larger than the build volume of every printer listed, so no printer can take it. Scale it down to have it printed.`,
    });
  } else if (printer && !fitsBuildVolume(a.boundingBox, printer)) {
    out.push({
      id: "printer-size",
      tone: "warning",
      title: "Too big for this printer",
      text: `At ${dims(a.boundingBox)} this design does not fit ${printer.name} (build volume ${printer.buildVolumeX} × ${printer.buildVolumeY} × ${printer.buildVolumeZ} mm). Choose a larger printer or scale it down.`,
    });
  }
  if (a.supportMaterial) {
    out.push({
      id: "supports",
      tone: "info",
      title: "Supports needed",
      text: "Some parts overhang, so the printer adds support material underneath. It is included in the weight and price and removed after printing; it may leave marks on those surfaces.",
    });
  }
  return out;
}

/** A project's part after the first, at its own scale, and whether the finder said no printer listed can take it. */
export interface PartSize {
  /** 2 for the second part. */
  number: number;
  fileName: string;
  box: { x: number; y: number; z: number };
  fitsNoPrinter: boolean;
}

/**
 * The size checks of a project's other parts (the first is designChecks'): every part too big for
 * every printer listed, named, and else every part too big for the chosen printer. One printer makes
 * every part, so one such part is enough to stop the project.
 */
export function partSizeChecks(parts: readonly PartSize[], printer?: PrinterSize | null): DesignCheck[] {
  const out: DesignCheck[] = [];
  const none = parts.filter((p) => p.fitsNoPrinter);
  if (none.length) {
    out.push({
      id: "part-size",
      tone: "warning",
      title: "Too big for every printer",
      text: none
        .map(
          (p) =>
            `${partLabel(p.number - 1, p.fileName)} is ${dims(p.box)}, larger than the build volume of every printer listed, so no printer can take it.`,
        )
        .concat(
          none.length === 1
            ? "Scale it down or remove it to have the project printed."
            : "Scale them down or remove them to have the project printed.",
        )
        .join(" "),
    });
  }
  const notHere = printer ? parts.filter((p) => !p.fitsNoPrinter && !fitsBuildVolume(p.box, printer)) : [];
  if (printer && notHere.length) {
    out.push({
      id: "part-printer-size",
      tone: "warning",
      title: "Too big for this printer",
      text: notHere
        .map(
          (p) =>
            `${partLabel(p.number - 1, p.fileName)} is ${dims(p.box)} and does not fit ${printer.name} (build volume ${printer.buildVolumeX} × ${printer.buildVolumeY} × ${printer.buildVolumeZ} mm).`,
        )
        .concat("Choose a larger printer or scale it down.")
        .join(" "),
    });
  }
  return out;
}
