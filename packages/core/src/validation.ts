import type { z } from "zod";
import { aboutField, fail, type VisibleError } from "./shared/errors.ts";

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
  // The answer names the field (its path, as sent: `password`, `printSettings.scale`) for forms to show the message under it.
  if (missing && field && /^Invalid input/.test(issue.message)) return aboutField(fail("missing_field", { field: humanize(field) }), field);
  return aboutField(fail("invalid_input", { detail: issueInWords(issue, field ? humanize(field) : "This value") }), field);
}

/** zod's own default sentences ("Too small: expected string to have >=1 characters"); a schema's own message is kept. */
const ZOD_DEFAULT =
  /^(Too (small|big): expected |Invalid input(: expected |$)|Invalid option: expected |Invalid (string|UUID|email address|URL|ISO|date|number|format))/;

const TYPE_WORDS: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  array: "a list",
  object: "an object",
  date: "a date",
};
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/**
 * A failed check in words a person can act on: the schema's own sentence when it has one (with
 * the field's name in front unless the sentence already starts with it), otherwise zod's default
 * said plainly: "Order id must be a whole number.", "Carrier must be at most 60 characters long."
 */
export function issueInWords(issue: z.core.$ZodIssue, name: string): string {
  const own = issue.message.trim();
  if (!ZOD_DEFAULT.test(own)) {
    const sentence = own.endsWith(".") ? own : `${own}.`;
    if (/^[A-Z]/.test(sentence)) return sentence;
    // "group must be …" under the field "Group": one name, not "Group: group must be …"
    if (sentence.toLowerCase().startsWith(name.toLowerCase())) return `${name}${sentence.slice(name.length)}`;
    return `${name}: ${sentence}`;
  }
  const i = issue as z.core.$ZodIssue & {
    origin?: string;
    minimum?: number | bigint;
    maximum?: number | bigint;
    inclusive?: boolean;
    expected?: string;
    format?: string;
    values?: unknown[];
  };
  switch (issue.code) {
    case "too_small": {
      const min = Number(i.minimum);
      if (i.origin === "string")
        return min <= 1 ? `${name} must not be empty.` : `${name} must be at least ${plural(min, "character")} long.`;
      if (i.origin === "array" || i.origin === "set") return `${name} must have at least ${plural(min, "item")}.`;
      return `${name} must be ${i.inclusive === false ? "more than" : "at least"} ${min}.`;
    }
    case "too_big": {
      const max = Number(i.maximum);
      if (i.origin === "string") return `${name} must be at most ${plural(max, "character")} long.`;
      if (i.origin === "array" || i.origin === "set") return `${name} must have at most ${plural(max, "item")}.`;
      return `${name} must be ${i.inclusive === false ? "less than" : "at most"} ${max}.`;
    }
    case "invalid_type":
      return `${name} must be ${TYPE_WORDS[i.expected ?? ""] ?? `of type ${i.expected}`}.`;
    case "invalid_value":
      return `${name} must be one of: ${(i.values ?? []).map(String).join(", ")}.`;
    case "invalid_format":
      return i.format === "regex" ? `${name} is not in the expected form.` : `${name} is not a valid ${i.format ?? "value"}.`;
    default:
      return `${name} is not valid.`;
  }
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
