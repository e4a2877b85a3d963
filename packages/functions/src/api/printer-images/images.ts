import { DASHBOARD_MODELS, type DashboardModel } from "@printhood/core";

/**
 * Stock printer illustrations, drawn here as SVG (no binary assets): one per model of the
 * dashboard's list plus a default. Served from GET /api/printer-images/{name}.svg.
 */
const ACCENTS: Record<string, string> = {
  "bambu-lab-p1s": "#00ae42",
  "bambu-lab-a1-mini": "#00ae42",
  "prusa-mk4": "#fa6831",
  "ender-3-v2": "#2563eb",
  "ender-3-s1": "#0ea5e9",
  "anycubic-kobra-2": "#1d4ed8",
  "qidi-tech-x-max-3": "#7c3aed",
  "elegoo-neptune-4": "#0891b2",
  default: "#059669",
};

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function frame(title: string, accent: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300" role="img" aria-label="${escapeXml(title)}">
<title>${escapeXml(title)}</title>
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f8fafc"/><stop offset="1" stop-color="#e2e8f0"/></linearGradient>
<linearGradient id="part" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${accent}" stop-opacity="0.95"/><stop offset="1" stop-color="${accent}" stop-opacity="0.65"/></linearGradient>
</defs>
<rect width="400" height="300" fill="url(#bg)"/>
<ellipse cx="200" cy="262" rx="150" ry="10" fill="#0f172a" opacity="0.08"/>
${body}
</svg>`;
}

/** A small printed part: a faceted vase. */
const part = (cx: number, baseY: number, s = 1) =>
  `<path d="M${cx - 14 * s} ${baseY} L${cx - 10 * s} ${baseY - 26 * s} L${cx - 16 * s} ${baseY - 38 * s} L${cx + 16 * s} ${baseY - 38 * s} L${cx + 10 * s} ${baseY - 26 * s} L${cx + 14 * s} ${baseY} Z" fill="url(#part)"/>` +
  `<path d="M${cx - 10 * s} ${baseY - 26 * s} L${cx + 10 * s} ${baseY - 26 * s}" stroke="#fff" stroke-opacity="0.5" stroke-width="1.5"/>`;

const head = (x: number, y: number, accent: string) =>
  `<rect x="${x - 20}" y="${y - 16}" width="40" height="32" rx="5" fill="#1e293b"/>` +
  `<rect x="${x - 14}" y="${y - 10}" width="28" height="6" rx="2" fill="${accent}"/>` +
  `<path d="M${x - 5} ${y + 16} L${x + 5} ${y + 16} L${x} ${y + 24} Z" fill="#94a3b8"/>`;

const spool = (cx: number, cy: number, accent: string) =>
  `<circle cx="${cx}" cy="${cy}" r="24" fill="${accent}" opacity="0.9"/><circle cx="${cx}" cy="${cy}" r="24" fill="none" stroke="#1e293b" stroke-width="3"/>` +
  `<circle cx="${cx}" cy="${cy}" r="8" fill="#f8fafc" stroke="#1e293b" stroke-width="3"/>`;

function bedslinger(accent: string) {
  return `<rect x="86" y="222" width="228" height="32" rx="7" fill="#334155"/>
<rect x="250" y="230" width="44" height="16" rx="3" fill="${accent}" opacity="0.85"/>
<rect x="108" y="48" width="13" height="176" rx="3" fill="#475569"/>
<rect x="279" y="48" width="13" height="176" rx="3" fill="#475569"/>
<rect x="108" y="44" width="184" height="12" rx="4" fill="#475569"/>
<rect x="100" y="114" width="200" height="10" rx="3" fill="#64748b"/>
${head(190, 130, accent)}
<rect x="122" y="206" width="156" height="9" rx="2" fill="#94a3b8"/>
<rect x="122" y="214" width="156" height="5" fill="#64748b"/>
${part(190, 206)}
<path d="M330 102 C 318 118, 240 96, 206 118" fill="none" stroke="${accent}" stroke-width="2" opacity="0.8"/>
${spool(330, 80, accent)}`;
}

function enclosed(accent: string) {
  return `<rect x="92" y="30" width="216" height="226" rx="16" fill="#1f2937"/>
<rect x="108" y="50" width="184" height="160" rx="8" fill="#e2e8f0"/>
<rect x="108" y="50" width="184" height="160" rx="8" fill="#bae6fd" opacity="0.35"/>
<rect x="118" y="78" width="164" height="8" rx="3" fill="#64748b"/>
${head(200, 96, accent)}
<rect x="128" y="184" width="144" height="8" rx="2" fill="#94a3b8"/>
${part(200, 184, 0.9)}
<path d="M116 60 L150 60 L118 120 Z" fill="#fff" opacity="0.35"/>
<rect x="108" y="222" width="120" height="8" rx="4" fill="#334155"/>
<rect x="244" y="218" width="48" height="18" rx="4" fill="${accent}"/>
<circle cx="116" cy="40" r="3" fill="${accent}"/>`;
}

function compact(accent: string) {
  return `<rect x="110" y="226" width="190" height="28" rx="8" fill="#e2e8f0" stroke="#94a3b8" stroke-width="2"/>
<rect x="112" y="62" width="22" height="166" rx="6" fill="#f1f5f9" stroke="#94a3b8" stroke-width="2"/>
<rect x="120" y="104" width="156" height="12" rx="5" fill="#cbd5e1"/>
${head(226, 124, accent)}
<rect x="170" y="208" width="112" height="10" rx="3" fill="#1e293b"/>
${part(226, 208, 0.85)}
<rect x="120" y="232" width="34" height="14" rx="3" fill="#1e293b"/>
<circle cx="137" cy="239" r="3" fill="${accent}"/>
${spool(112, 48, accent)}`;
}

const STYLES: Record<DashboardModel["style"], (accent: string) => string> = { bedslinger, enclosed, compact };

const IMAGES = new Map<string, string>([
  ["default.svg", frame("3D printer", ACCENTS.default ?? "#059669", bedslinger(ACCENTS.default ?? "#059669"))],
  ...DASHBOARD_MODELS.map((m): [string, string] => {
    const accent = ACCENTS[m.image] ?? "#059669";
    return [`${m.image}.svg`, frame(m.name, accent, STYLES[m.style](accent))];
  }),
]);

/** The SVG for a name such as "prusa-mk4.svg" (or "prusa-mk4"), or null. */
export function printerImage(name: string): string | null {
  const key = name.endsWith(".svg") ? name : `${name}.svg`;
  return IMAGES.get(key) ?? null;
}

export const PRINTER_IMAGE_NAMES = [...IMAGES.keys()];
