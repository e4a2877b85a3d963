import { SWATCH_COLORS } from "@printhood/core";
import sharp from "sharp";

/**
 * The demo data's photos, drawn in code and made JPEGs with sharp (no third-party images): the
 * quality test piece the demo owners measured, a finished part on the bench (Mark Complete), and the
 * two sides of a claim (the customer's defect, the owner's part measured before it left). They go
 * through the real upload and processing like any photo (uploads.ts).
 */

const W = 800;
const H = 600;

/** An SVG scene as a JPEG, cached by its key (a restart draws each once). */
const made = new Map<string, Promise<Uint8Array>>();
function jpeg(key: string, svg: () => string): Promise<Uint8Array> {
  let bytes = made.get(key);
  if (!bytes) {
    bytes = sharp(Buffer.from(svg()))
      .jpeg({ quality: 80 })
      .toBuffer()
      .then((b) => new Uint8Array(b));
    made.set(key, bytes);
  }
  return bytes;
}

/** XML-safe text for a caption. */
const text = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const bench = (caption: string) =>
  `<rect width="${W}" height="${H}" fill="#78716c"/><rect y="440" width="${W}" height="160" fill="#a8a29e"/>` +
  `<text x="${W / 2}" y="560" font-size="28" text-anchor="middle" fill="#1c1917">${text(caption)}</text>`;

/** A drawn photo of the printed quality test piece on a bench, seen from `view`. */
export function testPiecePhoto(view: "top" | "side"): Promise<Uint8Array> {
  return jpeg(`test-piece-${view}`, () => {
    const piece =
      view === "top"
        ? `<rect x="150" y="150" width="500" height="300" fill="#f97316"/><rect x="225" y="200" width="350" height="200" fill="#fb923c"/><rect x="300" y="250" width="200" height="100" fill="#fdba74"/>`
        : `<rect x="150" y="400" width="500" height="40" fill="#f97316"/><rect x="225" y="340" width="350" height="60" fill="#fb923c"/><rect x="300" y="240" width="200" height="100" fill="#fdba74"/>`;
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${bench(`Printhood quality test piece (${view})`)}${piece}</svg>`;
  });
}

/** What a printed part looks like in the pictures: its outline and its filament's colour. */
export interface PartLook {
  /** The design's file name, printed on the caption. */
  title: string;
  color: string;
  shape: "round" | "square";
}

const hexOf = (color: string) => SWATCH_COLORS.find((c) => c.name === color)?.hex ?? (color === "Natural" ? "#e7d8b1" : "#9ca3af");

/** The part standing on the bench, its top lit: an ellipse-topped cylinder or a box. */
function partShape(look: PartLook): string {
  const fill = hexOf(look.color);
  const edge = "#1c1917";
  return look.shape === "round"
    ? `<rect x="250" y="220" width="300" height="220" fill="${fill}" stroke="${edge}" stroke-width="3"/>` +
        `<ellipse cx="400" cy="440" rx="150" ry="40" fill="${fill}" stroke="${edge}" stroke-width="3"/>` +
        `<ellipse cx="400" cy="220" rx="150" ry="40" fill="${fill}" stroke="${edge}" stroke-width="3" opacity="0.85"/>`
    : `<polygon points="220,260 480,260 580,200 320,200" fill="${fill}" stroke="${edge}" stroke-width="3" opacity="0.85"/>` +
        `<rect x="220" y="260" width="260" height="180" fill="${fill}" stroke="${edge}" stroke-width="3"/>` +
        `<polygon points="480,260 580,200 580,380 480,440" fill="${fill}" stroke="${edge}" stroke-width="3" opacity="0.7"/>`;
}

/** Mark Complete's photo: the finished part on the owner's bench. */
export function finishedPartPhoto(look: PartLook): Promise<Uint8Array> {
  return jpeg(`finished-${look.title}-${look.color}-${look.shape}`, () => {
    const lines = Array.from({ length: 9 }, (_, i) => 240 + i * 22)
      .map((y) => `<line x1="252" y1="${y}" x2="${look.shape === "round" ? 548 : 478}" y2="${y}" stroke="#00000022" stroke-width="2"/>`)
      .join("");
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${bench(`${look.title}: finished`)}${partShape(look)}${lines}</svg>`;
  });
}

/** The customer's claim photo: the part with its layers shifted half way up, circled. */
export function defectPhoto(look: PartLook, caption: string): Promise<Uint8Array> {
  return jpeg(`defect-${look.title}-${caption}`, () => {
    const shifted = `<rect x="290" y="220" width="${look.shape === "round" ? 300 : 260}" height="90" fill="${hexOf(look.color)}" stroke="#1c1917" stroke-width="3"/>`;
    const circle = `<ellipse cx="420" cy="310" rx="230" ry="60" fill="none" stroke="#dc2626" stroke-width="8"/>`;
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${bench(caption)}${partShape(look)}${shifted}${circle}</svg>`;
  });
}

/** The owner's evidence: the part with a caliper across it, reading `reading`, before it left the shop. */
export function measuredPartPhoto(look: PartLook, reading: string, caption: string): Promise<Uint8Array> {
  return jpeg(`measured-${look.title}-${reading}`, () => {
    const caliper =
      `<rect x="180" y="120" width="460" height="36" fill="#d4d4d8" stroke="#3f3f46" stroke-width="3"/>` +
      `<rect x="200" y="156" width="20" height="90" fill="#d4d4d8" stroke="#3f3f46" stroke-width="3"/>` +
      `<rect x="560" y="156" width="20" height="90" fill="#d4d4d8" stroke="#3f3f46" stroke-width="3"/>` +
      `<rect x="470" y="60" width="150" height="56" rx="6" fill="#111827"/>` +
      `<text x="545" y="100" font-size="34" text-anchor="middle" fill="#a3e635">${text(reading)}</text>`;
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${bench(caption)}${partShape(look)}${caliper}</svg>`;
  });
}
