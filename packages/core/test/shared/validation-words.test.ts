import { describe, expect, it } from "vitest";
import { z } from "zod";
import { inputError } from "../../src/validation.ts";

/** What a person reads for a refused input: the schema's own sentence, or zod's default said plainly. */
const said = (schema: z.ZodType, data: unknown) => {
  const r = schema.safeParse(data);
  if (r.success) throw new Error("accepted");
  return inputError(r.error, data).message;
};

describe("a refused input in words", () => {
  it.each([
    ["an empty marker", z.strictObject({ cursor: z.string().min(1) }), { cursor: "" }, "Cursor must not be empty."],
    [
      "a long carrier",
      z.strictObject({ carrier: z.string().max(60) }),
      { carrier: "x".repeat(61) },
      "Carrier must be at most 60 characters long.",
    ],
    ["a short name", z.strictObject({ name: z.string().min(3) }), { name: "ab" }, "Name must be at least 3 characters long."],
    ["a negative id", z.strictObject({ orderId: z.number().positive() }), { orderId: -1 }, "Order id must be more than 0."],
    ["a fraction", z.strictObject({ orderId: z.number().int() }), { orderId: 1.5 }, "Order id must be a whole number."],
    ["a number for text", z.strictObject({ message: z.string() }), { message: 5 }, "Message must be text."],
    [
      "an unknown choice",
      z.strictObject({ status: z.enum(["accepted", "printing"]) }),
      { status: "x" },
      "Status must be one of: accepted, printing.",
    ],
    [
      "too many items",
      z.strictObject({ photoIds: z.array(z.string()).max(2) }),
      { photoIds: ["a", "b", "c"] },
      "Photo ids must have at most 2 items.",
    ],
    ["a bad id", z.strictObject({ id: z.uuid() }), { id: "x" }, "Id is not a valid uuid."],
    ["neither of two", z.strictObject({ orderId: z.union([z.string(), z.number().int()]) }), { orderId: 1.5 }, "Order id is not valid."],
    ["a number too large", z.strictObject({ weight: z.number().max(50) }), { weight: 51 }, "Weight must be at most 50."],
    ["a missing field", z.strictObject({ email: z.string() }), {}, "Email is required."],
    // the schema's own sentences are kept, named once
    [
      "its own sentence",
      z.strictObject({ zip: z.string().regex(/^\d{5}$/, "ZIP code must be 5 digits.") }),
      { zip: "1" },
      "ZIP code must be 5 digits.",
    ],
    [
      "its own words after the name",
      z.strictObject({ group: z.enum(["a"], { error: "group must be a" }) }),
      { group: "b" },
      "Group must be a.",
    ],
    [
      "its own words without the name",
      z.strictObject({ part: z.number().int("must be a whole number") }),
      { part: 1.5 },
      "Part: must be a whole number.",
    ],
  ])("%s", (_, schema, data, message) => {
    expect(said(schema, data)).toBe(message);
  });
});
