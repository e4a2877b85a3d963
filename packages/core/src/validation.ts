import type { z } from "zod";
import { fail, type VisibleError } from "./shared/errors.ts";

/**
 * Parse untrusted input with a zod schema; on failure throw a 400 VisibleError whose
 * message a person can act on. Schemas are strict objects (unknown keys refused), so a
 * client can never set a field it should not (no mass assignment).
 */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw inputError(result.error, data);
}

/**
 * The 400 for a failed validation of `data`: its first issue, in words. The API's contract
 * validates with the same schemas and sends its failures here too, so every route says the same.
 */
export function inputError(error: z.ZodError, data: unknown): VisibleError {
  const issue = error.issues[0];
  if (!issue) return fail("invalid_input", { detail: "The request could not be understood." });
  if (issue.code === "unrecognized_keys") {
    const keys = (issue as { keys?: string[] }).keys ?? [];
    return fail("unknown_field", { fields: keys.join(", ") });
  }
  const field = issue.path.map(String).join(".");
  // zod does not report the input by default: look the value up. A schema's own message wins
  // over the generic "X is required." (zod's defaults start with "Invalid input").
  const missing = issue.code === "invalid_type" && valueAt(data, issue.path) === undefined;
  if (missing && field && /^Invalid input/.test(issue.message)) return fail("missing_field", { field: humanize(field) });
  // Schemas carry person-readable messages; zod's defaults are prefixed with the field name.
  const message = issue.message.endsWith(".") ? issue.message : `${issue.message}.`;
  return fail("invalid_input", { detail: field && !/[A-Z]/.test(message[0] ?? "") ? `${humanize(field)}: ${message}` : message });
}

function humanize(field: string) {
  const words = field
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[._]/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = data;
  for (const key of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}
