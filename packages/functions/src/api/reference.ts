import type { DocumentedError, OpenApiDocument } from "./openapi.ts";

/**
 * The API reference page (/api/docs), rendered on the server from the OpenAPI document: methods,
 * paths, summaries, who may call, parameters, bodies, answers and their error codes, the schemas
 * and the error registry. Why not Swagger UI or Scalar: both load their scripts from a CDN (local
 * mode runs offline) and weigh megabytes (the API Lambda must stay under 1 MB minified); this page
 * is a few kilobytes of HTML with no script at all.
 */

type Schema = {
  $ref?: string;
  type?: string | string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema | boolean;
  description?: string;
};
type Parameter = { name: string; in: string; required?: boolean; schema?: Schema; description?: string };
type Media = Record<string, { schema?: Schema }>;
type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  "x-access"?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Media };
  responses?: Record<string, { description?: string; content?: Media }>;
};

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

const ACCESS_WORDS: Record<string, string> = {
  public: "anyone",
  "signed-in": "a signed-in user (session cookie)",
  self: "the signed-in user, for their own {id} only",
};

const esc = (s: unknown) =>
  String(s).replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch);

const refName = (ref: string) => ref.split("/").pop() ?? ref;

/** A schema in a few words: a link to a named schema, or its type. */
function typeOf(s: Schema | undefined): string {
  if (!s) return "";
  if (s.$ref) return `<a href="#schema-${esc(refName(s.$ref))}">${esc(refName(s.$ref))}</a>`;
  if (s.const !== undefined) return esc(JSON.stringify(s.const));
  if (s.enum) return s.enum.map((v) => esc(JSON.stringify(v))).join(" | ");
  const union = s.anyOf ?? s.oneOf;
  if (union) return union.map(typeOf).join(" | ");
  if (s.allOf) return s.allOf.map(typeOf).join(" & ");
  const type = Array.isArray(s.type) ? s.type.join(" | ") : (s.type ?? "any");
  if (type === "array") return `${typeOf(s.items)}[]`;
  if (type === "object" && s.properties) return "object";
  if (type === "object" && typeof s.additionalProperties === "object") return `{ [key]: ${typeOf(s.additionalProperties)} }`;
  return esc(type);
}

/** An object schema's fields as a table; any other schema as its type. */
function fields(s: Schema | undefined): string {
  if (!s?.properties) return `<p><code>${typeOf(s)}</code></p>`;
  const required = new Set(s.required ?? []);
  const rows = Object.entries(s.properties)
    .map(
      ([name, f]) =>
        `<tr><td><code>${esc(name)}</code>${required.has(name) ? "" : " <small>optional</small>"}</td><td><code>${typeOf(f)}</code></td><td>${esc(f.description ?? "")}</td></tr>`,
    )
    .join("");
  return `<table><tr><th>Field</th><th>Type</th><th></th></tr>${rows}</table>`;
}

function media(content: Media | undefined): string {
  return Object.entries(content ?? {})
    .map(([type, m]) => `<div><small>${esc(type)}</small>${fields(m.schema)}</div>`)
    .join("");
}

function operation(path: string, method: string, op: Operation): string {
  const access = ACCESS_WORDS[op["x-access"] ?? ""] ?? (op.security?.length ? ACCESS_WORDS["signed-in"] : ACCESS_WORDS.public);
  const params = (op.parameters ?? [])
    .map((p) => `<li><code>${esc(p.name)}</code> in ${esc(p.in)}${p.required ? "" : " (optional)"}: <code>${typeOf(p.schema)}</code></li>`)
    .join("");
  const answers = Object.entries(op.responses ?? {})
    .map(([status, r]) => {
      const isError = r.content?.["application/json"]?.schema?.$ref === "#/components/schemas/Error";
      const codes = isError
        ? (r.description ?? "")
            .split(", ")
            .map((code) => `<a href="#error-${esc(code)}"><code>${esc(code)}</code></a>`)
            .join(" ")
        : esc(r.description ?? "");
      return `<li><b>${esc(status)}</b> ${codes}${isError ? "" : media(r.content)}</li>`;
    })
    .join("");
  const id = `${method}-${path}`.replace(/[^a-z0-9]+/gi, "-");
  return `<section id="${esc(id)}"><h3><span class="m ${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></h3>
<p>${esc(op.summary ?? "")}</p>${op.description ? `<p>${esc(op.description)}</p>` : ""}
<p><small>Who: ${access}</small></p>
${params ? `<h4>Parameters</h4><ul>${params}</ul>` : ""}
${op.requestBody ? `<h4>Body</h4>${media(op.requestBody.content)}` : ""}
<h4>Answers</h4><ul>${answers}</ul></section>`;
}

export function renderReference(doc: OpenApiDocument): string {
  const ops: string[] = [];
  const index: string[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = (item as Record<string, Operation | undefined>)[method];
      if (!op) continue;
      ops.push(operation(path, method, op));
      const id = `${method}-${path}`.replace(/[^a-z0-9]+/gi, "-");
      index.push(
        `<li><a href="#${esc(id)}"><span class="m ${esc(method)}">${esc(method.toUpperCase())}</span> ${esc(path)}</a> ${esc(op.summary ?? "")}</li>`,
      );
    }
  }
  const schemas = Object.entries((doc.components?.schemas ?? {}) as Record<string, Schema>)
    .map(
      ([name, s]) =>
        `<section id="schema-${esc(name)}"><h3>${esc(name)}</h3>${s.description ? `<p>${esc(s.description)}</p>` : ""}${fields(s)}</section>`,
    )
    .join("");
  const errors = ((doc.components as { "x-error-codes"?: DocumentedError[] } | undefined)?.["x-error-codes"] ?? [])
    .map((e) => `<tr id="error-${esc(e.code)}"><td><code>${esc(e.code)}</code></td><td>${e.status}</td><td>${esc(e.message)}</td></tr>`)
    .join("");
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(doc.info.title)} reference</title></head><body><h1>${esc(doc.info.title)}</h1><p>${esc(doc.info.description ?? "")}</p>
<p>The same reference as data: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
<h2>Calls</h2><ul>${index.join("")}</ul>${ops.join("")}
<h2>Schemas</h2>${schemas}
<h2>Error codes</h2><p>Every error answers <code>{ message, code }</code>; {placeholders} are filled with the case's details.</p>
<table><tr><th>Code</th><th>Status</th><th>Message</th></tr>${errors}</table></body></html>`;
  return styled(page);
}

/**
 * The page's looks as style attributes: the security policy refuses inline <style> elements and
 * allows style attributes (core/src/security/headers.ts), and a page of its own is one more call.
 */
const STYLES: [RegExp, string][] = [
  [/<body>/g, "font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#0f172a"],
  [/<table>/g, "border-collapse:collapse;margin:.5rem 0"],
  [/<t([dh])>/g, "border:1px solid #e2e8f0;padding:.25rem .5rem;text-align:left;vertical-align:top"],
  [/<section /g, "border-top:1px solid #e2e8f0;padding:.5rem 0"],
  [/<h4>/g, "margin:.5rem 0 .25rem"],
  [/<ul>/g, "margin:.25rem 0"],
];
const METHOD_COLOURS: Record<string, string> = { get: "#dcfce7", post: "#dbeafe", put: "#fef9c3", patch: "#fef9c3", delete: "#fee2e2" };

function styled(html: string): string {
  let out = html.replace(
    /<span class="m ([a-z]+)">/g,
    (_, m: string) =>
      `<span style="font:bold 12px ui-monospace,monospace;padding:.1rem .4rem;border-radius:.25rem;background:${METHOD_COLOURS[m] ?? "#e2e8f0"}">`,
  );
  // "<td>" becomes '<td style="…">', "<section " becomes '<section style="…" '
  for (const [tag, css] of STYLES) out = out.replace(tag, (t) => `${t.slice(0, -1)} style="${css}"${t.at(-1)}`);
  return out;
}
