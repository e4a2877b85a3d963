import { z } from "@hono/zod-openapi";
import { fail } from "@printhood/core";
import type { MiddlewareHandler } from "hono";
import { readJson } from "../contract.ts";
import type { AppEnv } from "../deps.ts";

/**
 * save-draft and PUT drafts take JSON or the spec's multipart form (DECISIONS.md "Upload, drafts
 * and submission"). Both are checked by the same strict schema: the form's fields are first read
 * into the JSON shape (printSettings is JSON text, the browser's figures are numbers as text).
 * A multipart `file` is refused: designs go to S3 through /api/uploads.
 */
const JSON_FIELDS = new Set(["printSettings"]);
const NUMBER_FIELDS = new Set(["estimatedWeight", "totalCost"]);

type FormValue = string | File | (string | File)[];

function formToFields(form: unknown): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries((form ?? {}) as Record<string, FormValue>)) {
    if (Array.isArray(value)) throw fail("invalid_input", { detail: `${key} was sent more than once.` });
    if (typeof value !== "string") throw fail("file_not_accepted");
    if (JSON_FIELDS.has(key)) {
      try {
        data[key] = JSON.parse(value);
      } catch {
        throw fail("invalid_input", { detail: `${key} must be JSON text.` });
      }
    } else if (NUMBER_FIELDS.has(key) && value.trim() !== "" && Number.isFinite(Number(value))) data[key] = Number(value);
    else data[key] = value;
  }
  return data;
}

/** The body of a draft route: the schema as JSON, and as the spec's form read into it. */
export function draftBody<S extends z.ZodType>(schema: S) {
  const form = z.preprocess(formToFields, schema).meta({
    description: "The JSON body's fields as form fields: printSettings as JSON text, numbers as text. No file.",
  });
  // Not `required`: the contract would then validate an empty JSON body for a form (and the
  // reverse); readDraftBody refuses any other content type before either validator runs.
  return { required: false, content: { "application/json": { schema }, "multipart/form-data": { schema: form } } };
}

const isForm = (type: string) => type.includes("multipart/form-data") || type.includes("application/x-www-form-urlencoded");

/** Refuse other content types and unreadable bodies with our codes; remember which kind came. */
export const readDraftBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  const type = c.req.header("content-type") ?? "";
  if (!isForm(type)) return readJson(c, next);
  try {
    await c.req.formData(); // cached: the validator reads the same parse
  } catch {
    throw fail("bad_form");
  }
  c.set("draftForm", true);
  await next();
};
