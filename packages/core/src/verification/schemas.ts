import { z } from "zod";
import { MAX_PHOTOS_PER_LINK } from "../shared/photos.ts";
import { DIMENSION_KEYS, type DimensionKey, QUALITY_TEST, TEST_DIMENSIONS } from "../shared/quality-test.ts";

/** Inputs of the quality test's calls (issue 21 point 1). Strict objects: unknown keys are refused. */

const toNumber = (v: unknown) => (v === undefined || v === null || v === "" ? Number.NaN : typeof v === "string" ? Number(v) : v);

const measurement = (key: DimensionKey) => {
  const d = TEST_DIMENSIONS.find((x) => x.key === key)!;
  const name = `Measurement ${key} (${d.label.toLowerCase()})`;
  return z.preprocess(
    toNumber,
    z
      .number({ error: `${name} is required, in millimetres` })
      .gt(0, `${name} must be more than 0 mm`)
      .max(1000, `${name} must be at most 1000 mm`),
  );
};

/** Every dimension of the test piece, by its letter, in millimetres (a number, or text such as "50.02"). */
export const measurementsInput = z
  .strictObject(
    Object.fromEntries(DIMENSION_KEYS.map((k) => [k, measurement(k)])) as Record<DimensionKey, ReturnType<typeof measurement>>,
    {
      error: "Measurements are required: one number per letter of the test piece (A to H).",
    },
  )
  .meta({ id: "QualityTestMeasurements" });

const photoIds = z
  .array(z.string({ error: "Each photo id must be text" }).max(64, "A photo id is too long"), {
    error: `Photos are required: at least ${QUALITY_TEST.minimumPhotos}.`,
  })
  .max(MAX_PHOTOS_PER_LINK, `Please add at most ${MAX_PHOTOS_PER_LINK} photos`);

export const verificationInput = z
  .strictObject({ photoIds, measurements: measurementsInput })
  .meta({ id: "VerificationInput", description: "The printed test piece's measurements and at least two photos of it" });
export type VerificationInput = z.infer<typeof verificationInput>;

export const VERIFICATION_DECISIONS = ["approve", "retry"] as const;

export const verificationDecisionInput = z
  .strictObject({
    decision: z.enum(VERIFICATION_DECISIONS, { error: 'Decision must be "approve" or "retry".' }),
    note: z.string({ error: "Note must be text" }).trim().max(2000, "Note is too long (at most 2000 characters)").optional(),
  })
  .meta({ id: "VerificationDecision" });
export type VerificationDecisionInput = z.infer<typeof verificationDecisionInput>;
