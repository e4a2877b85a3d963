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

/**
 * The body of a draft route: the schema as JSON, and as the spec's form read into it. The route's
 * type (and so the site's typed client) sees the JSON body only: @hono/zod-openapi types a body
 * of two content types as `unknown` and asks the client for both. The form is documented beside
 * it, added behind the type's back as contract.ts adds the error answers, and `readDraftBody`
 * turns a form into that JSON body before the route's one validator checks it.
 */
export function draftBody<S extends z.ZodType>(schema: S) {
  const form = z.preprocess(formToFields, schema).meta({
    description: "The JSON body's fields as form fields: printSettings as JSON text, numbers as text. No file.",
  });
  // Not `required`: with it, the form's documented content would also get a validator of its own,
  // which would read the JSON body the form was turned into as an empty form.
  const body = { required: false, content: { "application/json": { schema } } };
  Object.assign(body.content, { "multipart/form-data": { schema: form } });
  return body;
}

const isForm = (type: string) => type.includes("multipart/form-data") || type.includes("application/x-www-form-urlencoded");

/** A form's fields as the form validator read them: a repeated field is a list. */
function fieldsOf(form: FormData): Record<string, FormValue> {
  const fields: Record<string, FormValue> = {};
  for (const key of new Set(form.keys())) {
    const values = form.getAll(key);
    fields[key] = values.length === 1 && values[0] !== undefined ? values[0] : values;
  }
  return fields;
}

/**
 * Refuse other content types and unreadable bodies with our codes. A form is read into the JSON
 * body's shape (printSettings parsed, numbers as numbers; a file refused) and the request goes on
 * as that JSON body: the route's JSON validator checks it with the same sentences, and the handler
 * reads `c.req.valid("json")` whichever way the draft came.
 */
export const readDraftBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  const type = c.req.header("content-type") ?? "";
  if (!isForm(type)) return readJson(c, next);
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    throw fail("bad_form");
  }
  const headers = new Headers(c.req.raw.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  c.req.raw = new Request(c.req.raw.url, { method: c.req.raw.method, headers, body: JSON.stringify(formToFields(fieldsOf(form))) });
  await next();
};
