import { useEffect, useState } from "react";
import { ApiError, fieldError } from "../api/client";

/**
 * Errors shown under a form's inputs, beside the failure's toast (which the spec asks for and which
 * goes away): a required field left empty ("Email is required.", checked before any call) and the
 * server's refusal of one field (its answer names the field: `password`). The sentence is said
 * once: the form's mutation is given the fields it shows (`saidUnderField`), and its toast keeps
 * the spec's title with the spec's generic text instead. The first field in error
 * takes the focus, so a keyboard or screen-reader user lands on what to change; editing a field
 * clears its error.
 *
 * `idOf(field)` is the input's id; `error` and `reset` are the form's mutation's.
 */
export function useFieldErrors(idOf: (field: string) => string, error: Error | null, reset: () => void) {
  const [missing, setMissing] = useState<Record<string, string>>({});

  // A refusal of one field: that input takes the focus (its message is tied to it).
  const refused = error instanceof ApiError ? error.field : undefined;
  useEffect(() => {
    if (refused) document.getElementById(idOf(refused))?.focus();
  }, [refused, idOf]);

  return {
    errorOf: (field: string) => missing[field] ?? fieldError(error, field),
    /** A field's value changed: its error no longer applies. */
    edited(field: string) {
      if (missing[field]) setMissing(({ [field]: _, ...rest }) => rest);
      if (fieldError(error, field)) reset();
    },
    /** True when every required field has a value; otherwise each empty one says so and the first takes the focus. */
    requireFilled(fields: { field: string; label: string; value: string }[]): boolean {
      const empty = fields.filter((f) => !f.value.trim());
      setMissing(Object.fromEntries(empty.map((f) => [f.field, `${f.label} is required.`])));
      const first = empty[0];
      if (first) document.getElementById(idOf(first.field))?.focus();
      return empty.length === 0;
    },
  };
}
