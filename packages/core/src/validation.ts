import type { z } from "zod";
import { VisibleError } from "./shared/errors.ts";

/**
 * Parse untrusted input with a zod schema; on failure throw a 400 VisibleError whose
 * message a person can act on. Schemas are strict objects (unknown keys refused), so a
 * client can never set a field it should not (no mass assignment).
 */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw new VisibleError("invalid", "invalid_input", "The request could not be understood.");
  if (issue.code === "unrecognized_keys") {
    const keys = (issue as { keys?: string[] }).keys ?? [];
    throw new VisibleError("invalid", "unknown_field", `Unexpected field${keys.length > 1 ? "s" : ""}: ${keys.join(", ")}.`);
  }
  const field = issue.path.map(String).join(".");
  // zod does not report the input by default: look the value up. A schema's own message wins
  // over the generic "X is required." (zod's defaults start with "Invalid input").
  const missing = issue.code === "invalid_type" && valueAt(data, issue.path) === undefined;
  if (missing && field && /^Invalid input/.test(issue.message))
    throw new VisibleError("invalid", "missing_field", `${humanize(field)} is required.`);
  // Schemas carry person-readable messages; zod's defaults are prefixed with the field name.
  const message = issue.message.endsWith(".") ? issue.message : `${issue.message}.`;
  throw new VisibleError("invalid", "invalid_input", field && !/[A-Z]/.test(message[0] ?? "") ? `${humanize(field)}: ${message}` : message);
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
