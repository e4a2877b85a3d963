/**
 * The quality test (issue 21 point 1): the test piece every new printer prints, the dimensions its
 * owner measures with calipers, and the tolerance each measurement is judged against. Pure and
 * browser-safe: the owner's screen judges each number as it is typed with the rule the server
 * stores with the attempt.
 *
 * The piece is a three-step block (a ziggurat): each step is longer in X than in Y, so a printer
 * that scales one axis wrongly, or a piece measured turned, shows in the numbers; two heights check
 * Z (the first layer's squish shows in the base height). verification/test-piece.ts makes the STL.
 */

export interface TestPieceStep {
  /** Length along X and width along Y, centred on the step below. */
  x: number;
  y: number;
  /** Where the step starts and ends in Z. */
  z0: number;
  z1: number;
}

/** The steps, from the bed up (mm). */
export const TEST_PIECE_STEPS: readonly TestPieceStep[] = [
  { x: 50, y: 30, z0: 0, z1: 4 },
  { x: 35, y: 20, z0: 4, z1: 10 },
  { x: 20, y: 10, z0: 10, z1: 20 },
];

export const DIMENSION_KEYS = ["A", "B", "C", "D", "E", "F", "G", "H"] as const;
export type DimensionKey = (typeof DIMENSION_KEYS)[number];

export interface TestDimension {
  key: DimensionKey;
  /** What to measure, as the owner's screen names it. */
  label: string;
  axis: "X" | "Y" | "Z";
  nominalMm: number;
  /** Where the caliper's jaws go. */
  howTo: string;
}

const [base, middle, top] = TEST_PIECE_STEPS as [TestPieceStep, TestPieceStep, TestPieceStep];

/** The dimensions to measure, in the order the screen asks for them (their letters are on the drawing). */
export const TEST_DIMENSIONS: readonly TestDimension[] = [
  { key: "A", label: "Base length", axis: "X", nominalMm: base.x, howTo: "the bottom step, across its long side" },
  { key: "B", label: "Base width", axis: "Y", nominalMm: base.y, howTo: "the bottom step, across its short side" },
  { key: "C", label: "Middle step length", axis: "X", nominalMm: middle.x, howTo: "the middle step, across its long side" },
  { key: "D", label: "Middle step width", axis: "Y", nominalMm: middle.y, howTo: "the middle step, across its short side" },
  { key: "E", label: "Top step length", axis: "X", nominalMm: top.x, howTo: "the top step, across its long side" },
  { key: "F", label: "Top step width", axis: "Y", nominalMm: top.y, howTo: "the top step, across its short side" },
  { key: "G", label: "Base height", axis: "Z", nominalMm: base.z1 - base.z0, howTo: "the bottom step, from the bed side to its top" },
  { key: "H", label: "Total height", axis: "Z", nominalMm: top.z1, howTo: "the whole piece, from the bed side to the top" },
];

export const QUALITY_TEST = {
  name: "Printhood quality test piece",
  fileName: "printhood-quality-test.stl",
  /** Where the site serves the STL (packages/web/public; written by `npm run generate:quality-test`). */
  downloadPath: "/downloads/printhood-quality-test.stl",
  /** What to print it with: the settings the tolerance was set for. */
  settings: "PLA, 0.2 mm layers, 20% infill, no supports, flat on the bed as the file places it (do not rotate or scale it).",
  minimumPhotos: 2,
} as const;

/** The tolerance: ±0.5 mm or 1% of the nominal size, whichever is larger (3D Hubs' published standard). */
export const TOLERANCE_MIN_MM = 0.5;
export const TOLERANCE_PERCENT = 1;

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The tolerance of one dimension, in mm (2 decimals). */
export function toleranceMm(nominalMm: number): number {
  return round2(Math.max(TOLERANCE_MIN_MM, (Math.abs(nominalMm) * TOLERANCE_PERCENT) / 100));
}

export interface JudgedDimension {
  key: DimensionKey;
  nominalMm: number;
  measuredMm: number;
  /** Measured − nominal (mm, 2 decimals): negative when the print came out small. */
  deviationMm: number;
  toleranceMm: number;
  withinTolerance: boolean;
}

/**
 * One measurement against its nominal size. Compared in hundredths of a millimetre (what a caliper
 * reads), so 50.50 against 50 ± 0.5 is within, and floating point never decides a borderline case.
 */
export function judgeDimension(key: DimensionKey, nominalMm: number, measuredMm: number): JudgedDimension {
  const deviation = Math.round(measuredMm * 100) - Math.round(nominalMm * 100);
  const tolerance = toleranceMm(nominalMm);
  return {
    key,
    nominalMm,
    measuredMm: round2(measuredMm),
    deviationMm: deviation / 100,
    toleranceMm: tolerance,
    withinTolerance: Math.abs(deviation) <= Math.round(tolerance * 100),
  };
}

/** Every dimension of the test piece judged, in its order. */
export function judgeMeasurements(measured: Record<DimensionKey, number>): { results: JudgedDimension[]; allWithinTolerance: boolean } {
  const results = TEST_DIMENSIONS.map((d) => judgeDimension(d.key, d.nominalMm, measured[d.key]));
  return { results, allWithinTolerance: results.every((r) => r.withinTolerance) };
}

/** A printer's state with its test; `undefined` (stored before the test existed) has not passed it. */
export type VerificationState = "awaiting_test" | "awaiting_review" | "retry_requested" | "verified";

/**
 * Whether a printer passed the quality test: a stored printer by its state, a printer as the API
 * presents it (the screens) by its `verified` flag.
 */
export const isVerified = (p: { verification?: VerificationState | undefined; verified?: boolean | undefined }) =>
  p.verification === "verified" || p.verified === true;

/** The owner's badge for a printer that has not passed (issue 21: "Awaiting quality test"). */
export const AWAITING_QUALITY_TEST = "Awaiting quality test";

/** What the owner should do next, by state (their dashboard and the quality test screen). */
export function nextStepFor(state: VerificationState | undefined): string {
  switch (state ?? "awaiting_test") {
    case "awaiting_test":
      return "Print our test piece, measure it with calipers and send us the numbers with two photos. Your printer is listed once it passes.";
    case "awaiting_review":
      return "Your test is with our team. We will e-mail you when it has been reviewed, usually within two business days.";
    case "retry_requested":
      return "Our team asked for a new attempt. Read their note, print the test piece again and send the new measurements.";
    default:
      return "Your printer passed the quality test and is listed.";
  }
}
