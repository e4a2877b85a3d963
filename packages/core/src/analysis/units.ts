/**
 * STL and OBJ carry no unit. Slicers assume millimetres, so a model drawn in metres, centimetres
 * or inches arrives tiny (or a micrometre model huge). We never silently price such a file:
 * a largest side under 10 mm or over 1 m is flagged with the likely unit and the size it would have.
 */
export type LengthUnit = "mm" | "cm" | "m" | "in" | "µm" | "0.1mm" | "micron" | "millimeter" | "centimeter" | "inch" | "foot" | "meter";

export interface Size3 {
  x: number;
  y: number;
  z: number;
}

export interface UnitCandidate {
  /** A LengthUnit; typed as the stored geometry's schema has it (analysis/schema.ts), so a stored analysis is this type. */
  unit: string;
  scale: number;
  size: Size3;
}

export interface UnitsReport {
  /** Unit the sizes are reported in after any conversion: always millimetres. */
  reportedIn: "mm";
  /** Unit the file declares (3MF: as written there, any text) or is assumed / detected to be in (a LengthUnit). */
  detected: string;
  /** Where the unit came from. */
  source: "3mf" | "assumed" | "heuristic";
  /** Scale that would turn the file into a plausible millimetre size (1 when it already is). */
  suggestedScale: number;
  /** Size (mm) at the suggested scale. */
  sizeIfRescaled: Size3;
  /** True when the customer should confirm the size before pricing. */
  needsConfirmation: boolean;
  /** Other plausible readings, best first. */
  alternatives: UnitCandidate[];
  message: string | null;
}

export const MIN_PLAUSIBLE_MM = 10;
export const MAX_PLAUSIBLE_MM = 1000;

const r3 = (v: number) => Number(v.toPrecision(6));
const scaled = (s: Size3, k: number): Size3 => ({ x: r3(s.x * k), y: r3(s.y * k), z: r3(s.z * k) });

export function detectUnits(size: Size3, declared: string | null): UnitsReport {
  const largest = Math.max(size.x, size.y, size.z);
  if (declared !== null) {
    return {
      reportedIn: "mm",
      detected: declared,
      source: "3mf",
      suggestedScale: 1,
      sizeIfRescaled: scaled(size, 1),
      needsConfirmation: false,
      alternatives: [],
      message: null,
    };
  }
  const ok = (): UnitsReport => ({
    reportedIn: "mm",
    detected: "mm",
    source: "assumed",
    suggestedScale: 1,
    sizeIfRescaled: scaled(size, 1),
    needsConfirmation: false,
    alternatives: [],
    message: null,
  });
  if (!(largest > 0) || (largest >= MIN_PLAUSIBLE_MM && largest <= MAX_PLAUSIBLE_MM)) return ok();
  // candidates that make the largest side plausible, best (closest to a typical ~80 mm part, in log scale) first
  const options: Array<{ unit: LengthUnit; scale: number }> =
    largest < MIN_PLAUSIBLE_MM
      ? [
          { unit: "cm", scale: 10 },
          { unit: "in", scale: 25.4 },
          { unit: "m", scale: 1000 },
        ]
      : [
          { unit: "0.1mm", scale: 0.1 },
          { unit: "µm", scale: 0.001 },
        ];
  const fits = options.map((o) => ({ ...o, largest: largest * o.scale })).filter((o) => o.largest >= MIN_PLAUSIBLE_MM && o.largest <= 300);
  // prefer the smallest conversion that reaches a plausible size for tiny files (cm before in before m)
  const ranked =
    largest < MIN_PLAUSIBLE_MM ? fits : fits.sort((a, b) => Math.abs(Math.log(a.largest / 80)) - Math.abs(Math.log(b.largest / 80)));
  const best = ranked[0];
  const alternatives: UnitCandidate[] = ranked.map((o) => ({ unit: o.unit, scale: o.scale, size: scaled(size, o.scale) }));
  const dims = `${r3(size.x)} × ${r3(size.y)} × ${r3(size.z)} mm`;
  if (!best) {
    return {
      reportedIn: "mm",
      detected: "mm",
      source: "assumed",
      suggestedScale: 1,
      sizeIfRescaled: scaled(size, 1),
      needsConfirmation: true,
      alternatives: [],
      message: `Read as millimetres this model is ${dims}; please check its size before ordering.`,
    };
  }
  const s = best.scale;
  const big = scaled(size, s);
  return {
    reportedIn: "mm",
    detected: best.unit,
    source: "heuristic",
    suggestedScale: s,
    sizeIfRescaled: big,
    needsConfirmation: true,
    alternatives,
    message:
      largest < MIN_PLAUSIBLE_MM
        ? `Read as millimetres this model is only ${dims}. It was probably drawn in ${unitName(best.unit)}; at that unit it would be ${big.x} × ${big.y} × ${big.z} mm. Please confirm the size.`
        : `Read as millimetres this model is ${dims}, over a metre. It may be in ${unitName(best.unit)}; then it would be ${big.x} × ${big.y} × ${big.z} mm. Please confirm the size.`,
  };
}

function unitName(u: LengthUnit): string {
  switch (u) {
    case "cm":
      return "centimetres";
    case "in":
      return "inches";
    case "m":
      return "metres";
    case "µm":
      return "micrometres";
    case "0.1mm":
      return "tenths of a millimetre";
    default:
      return u;
  }
}
