import type { StoredPart } from "../jobs/parts.ts";
import { sizeText } from "../shared/fit.ts";

/**
 * What an order's zip holds (orders/download.ts orderZip): each part's file under its own name
 * (a name used twice gets " (2)" before its extension, so no file overwrites another when
 * unpacked) and a plain list of the parts for the printer's owner. Pure.
 */

/** The parts' file names made unique, in order. */
export function zipNames(fileNames: readonly string[]): string[] {
  const taken = new Set<string>();
  return fileNames.map((name) => {
    const dot = name.lastIndexOf(".");
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/** The parts list: what to print, how many of each, in what and how. */
export function zipManifest(label: string, parts: readonly StoredPart[], names: readonly string[]): string {
  const lines = parts.map((p, i) => {
    const s = p.printSettings;
    const box = p.boundingBox;
    const size =
      box?.x !== undefined && box.y !== undefined && box.z !== undefined ? `, ${sizeText({ x: box.x, y: box.y, z: box.z })}` : "";
    return `${i + 1}. ${names[i]} × ${p.quantity}: ${p.material}, ${p.filamentColor}, ${s.quality} mm layers, ${s.infill}% infill, supports ${s.supports}, scale ${Math.round(s.scale * 100)}%${size}`;
  });
  return [`${label}: ${parts.length} part${parts.length === 1 ? "" : "s"}`, "", ...lines, ""].join("\n");
}
