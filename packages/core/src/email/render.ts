import { html, type SafeHtml, textToHtml } from "./html.ts";

/**
 * One e-mail's content as structure, rendered twice from the same source: a plain-text part
 * and an HTML part, so the two always say the same thing. Every value is escaped in the HTML.
 */
export interface EmailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** Pictures (a path on the site each, made absolute), shown after the paragraphs; linked in the text part. */
  pictures?: EmailPicture[];
  /** Label → value rows (order details). */
  details?: [string, string][];
  /** The order's parts: each with its copies and, where there is one, its picture (a path on the site). */
  parts?: EmailPart[];
  /** Someone's words, shown as a quote (a message preview). */
  quote?: string;
  /** The page to open, as a path on the site (made absolute with the site's address). */
  action?: { label: string; path: string };
  /** Extra paragraphs after the action (what happens next). */
  after?: string[];
}

/** A part of an order as the e-mails list it; `material` and `filamentColor` where the order has several parts. */
export interface EmailPart {
  fileName: string;
  quantity: number;
  picture: string | null;
  material?: string | undefined;
  filamentColor?: string | undefined;
}

/** "3 × bracket.stl", and "(PETG, Black)" for a part of a project, whose parts may each differ. */
const partLine = (p: EmailPart) => `${p.quantity} × ${p.fileName}${p.material ? ` (${p.material}, ${p.filamentColor ?? ""})` : ""}`;

export interface EmailPicture {
  path: string;
  /** What it shows, for who cannot see it (and the text part). */
  alt: string;
}

export interface RenderContext {
  /** "Hi {name}," */
  recipientName: string;
  /** The site's address, e.g. https://printhood.app; empty when not known (links are left out). */
  siteUrl: string;
  /** Why this person gets this e-mail and how to stop it. */
  reason: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const absolute = (siteUrl: string, path: string) => (siteUrl ? `${siteUrl.replace(/\/+$/, "")}${path}` : "");

export function renderEmail(c: EmailContent, ctx: RenderContext): RenderedEmail {
  const link = c.action ? absolute(ctx.siteUrl, c.action.path) : "";
  const profile = absolute(ctx.siteUrl, "/profile");
  // Without the site's address a picture cannot be found from a mail client: left out, as links are.
  const pictures = (c.pictures ?? []).flatMap((p) => (ctx.siteUrl ? [{ src: absolute(ctx.siteUrl, p.path), alt: p.alt }] : []));
  const footer = `${ctx.reason} You can turn this kind of e-mail off on Profile Settings${profile ? ` (${profile})` : ""}.`;

  const text = [
    `Hi ${ctx.recipientName},`,
    "",
    c.heading,
    "",
    ...c.paragraphs.flatMap((p) => [p, ""]),
    ...(pictures.length ? [...pictures.map((p) => `${p.alt}: ${p.src}`), ""] : []),
    ...(c.parts?.length ? ["Parts:", ...c.parts.map((p) => `  ${partLine(p)}`), ""] : []),
    ...(c.details?.length ? [...c.details.map(([k, v]) => `${k}: ${v}`), ""] : []),
    ...(c.quote ? [...c.quote.split(/\r?\n/).map((l) => `> ${l}`), ""] : []),
    ...(c.action && link ? [`${c.action.label}: ${link}`, ""] : []),
    ...(c.after ?? []).flatMap((p) => [p, ""]),
    "— Printhood, local 3D printing in Northern Colorado",
    footer,
  ].join("\n");

  const cell = "padding:4px 12px 4px 0;vertical-align:top";
  const rows: SafeHtml[] = (c.details ?? []).map(
    ([k, v]) => html`<tr><td style="${cell};color:#6b7280">${k}</td><td style="${cell};color:#111827">${v}</td></tr>`,
  );
  // Each part's picture beside its copies, so it is recognised without reading its name (issue 22).
  const parts: SafeHtml[] = (c.parts ?? []).map((p) => {
    const src = p.picture ? absolute(ctx.siteUrl, p.picture) : "";
    return html`<tr><td style="${cell}">${src ? html`<img src="${src}" width="56" height="56" alt="${p.fileName}" style="display:block;border-radius:4px;background:#f1f5f9">` : ""}</td><td style="${cell};color:#111827;vertical-align:middle">${partLine(p)}</td></tr>`;
  });
  const body = html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${c.subject}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px;font-weight:bold;color:#2563eb">Printhood</p>
<p>Hi ${ctx.recipientName},</p>
<h1 style="font-size:20px;margin:16px 0">${c.heading}</h1>
${c.paragraphs.map((p) => html`<p style="line-height:1.5">${p}</p>`)}
${pictures.map((p) => html`<p style="margin:16px 0"><img src="${p.src}" alt="${p.alt}" width="240" style="display:block;max-width:100%;height:auto;border-radius:6px;background:#f1f5f9"></p>`)}
${parts.length ? html`<table style="border-collapse:collapse;margin:16px 0">${parts}</table>` : ""}
${rows.length ? html`<table style="border-collapse:collapse;margin:16px 0">${rows}</table>` : ""}
${c.quote ? html`<blockquote style="margin:16px 0;padding:8px 12px;border-left:3px solid #d1d5db;color:#374151">${textToHtml(c.quote)}</blockquote>` : ""}
${c.action && link ? html`<p style="margin:24px 0"><a href="${link}" style="background:#2563eb;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">${c.action.label}</a></p>` : ""}
${(c.after ?? []).map((p) => html`<p style="line-height:1.5">${p}</p>`)}
<p style="margin-top:32px;font-size:12px;color:#6b7280">Printhood, local 3D printing in Northern Colorado.<br>${footer}</p>
</div></body></html>`;
  return { subject: c.subject, text, html: body.value };
}
