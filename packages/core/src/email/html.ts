/**
 * HTML for e-mails, escaped by construction: `html\`...\`` escapes every interpolated value
 * unless it is itself `html` (a fragment built the same way). Names, file names and message
 * texts come from people, so none of them can ever become markup in someone's inbox.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

type Value = SafeHtml | string | number | null | undefined | readonly Value[];

function render(v: Value): string {
  if (v === null || v === undefined) return "";
  if (v instanceof SafeHtml) return v.value;
  if (Array.isArray(v)) return v.map(render).join("");
  return escapeHtml(String(v));
}

export function html(strings: TemplateStringsArray, ...values: Value[]): SafeHtml {
  let out = strings[0] ?? "";
  for (let i = 0; i < values.length; i++) out += render(values[i]) + (strings[i + 1] ?? "");
  return new SafeHtml(out);
}

/** Plain text kept as paragraphs and line breaks, escaped. */
export function textToHtml(text: string): SafeHtml {
  return new SafeHtml(escapeHtml(text).replace(/\r?\n/g, "<br>"));
}
