import { parseInput, VisibleError } from "@printhood/core";
import type { Context } from "hono";
import type { z } from "zod";

/** Read a JSON body and validate it with a strict zod schema (architecture rule 4). */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const type = c.req.header("content-type") ?? "";
  if (!type.includes("application/json")) {
    throw new VisibleError("invalid", "json_required", "Please send the request as JSON (Content-Type: application/json).");
  }
  let data: unknown;
  try {
    data = await c.req.json();
  } catch {
    throw new VisibleError("invalid", "bad_json", "The request body is not valid JSON.");
  }
  return parseInput(schema, data);
}
