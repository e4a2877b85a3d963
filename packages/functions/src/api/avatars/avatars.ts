import { AVATAR_NAMES, type AvatarName } from "@printhood/core";

/**
 * The eight preset avatars (core/shared/avatars.ts), drawn here as small SVG animal faces (no
 * binary assets). Served from GET /api/avatars/{name}.svg.
 */
interface Face {
  title: string;
  background: string;
  head: string;
  /** Shapes behind the head (ears). */
  ears: string;
  /** Shapes on the face (eye patches, beak, muzzle). */
  extra: string;
}

const eyes = (y = 58, r = 5, fill = "#1f2937") =>
  `<circle cx="40" cy="${y}" r="${r}" fill="${fill}"/><circle cx="60" cy="${y}" r="${r}" fill="${fill}"/>`;

const FACES: Record<AvatarName, Face> = {
  fox: {
    title: "Fox",
    background: "#fde68a",
    head: "#f97316",
    ears: `<path d="M22 46 L30 14 L46 36 Z M78 46 L70 14 L54 36 Z" fill="#ea580c"/>`,
    extra: `<path d="M34 70 Q50 86 66 70 Q50 76 34 70 Z" fill="#fff7ed"/>${eyes()}<circle cx="50" cy="72" r="4" fill="#1f2937"/>`,
  },
  owl: {
    title: "Owl",
    background: "#ddd6fe",
    head: "#92400e",
    ears: `<path d="M26 36 L30 18 L42 32 Z M74 36 L70 18 L58 32 Z" fill="#78350f"/>`,
    extra: `<circle cx="38" cy="56" r="11" fill="#fef3c7"/><circle cx="62" cy="56" r="11" fill="#fef3c7"/>${eyes(56, 5)}<path d="M46 66 L54 66 L50 75 Z" fill="#f59e0b"/>`,
  },
  bear: {
    title: "Bear",
    background: "#bbf7d0",
    head: "#a16207",
    ears: `<circle cx="28" cy="32" r="11" fill="#854d0e"/><circle cx="72" cy="32" r="11" fill="#854d0e"/>`,
    extra: `<ellipse cx="50" cy="72" rx="13" ry="10" fill="#fde68a"/>${eyes()}<circle cx="50" cy="69" r="4" fill="#1f2937"/>`,
  },
  cat: {
    title: "Cat",
    background: "#bfdbfe",
    head: "#6b7280",
    ears: `<path d="M24 44 L26 16 L46 32 Z M76 44 L74 16 L54 32 Z" fill="#4b5563"/>`,
    extra: `${eyes(58, 5, "#65a30d")}<path d="M46 68 L54 68 L50 73 Z" fill="#f9a8d4"/><path d="M22 70 L38 72 M22 76 L38 74 M78 70 L62 72 M78 76 L62 74" stroke="#e5e7eb" stroke-width="1.5"/>`,
  },
  rabbit: {
    title: "Rabbit",
    background: "#fbcfe8",
    head: "#f3f4f6",
    ears: `<ellipse cx="38" cy="18" rx="7" ry="20" fill="#e5e7eb"/><ellipse cx="62" cy="18" rx="7" ry="20" fill="#e5e7eb"/><ellipse cx="38" cy="18" rx="3" ry="14" fill="#f9a8d4"/><ellipse cx="62" cy="18" rx="3" ry="14" fill="#f9a8d4"/>`,
    extra: `${eyes()}<circle cx="50" cy="68" r="4" fill="#f472b6"/>`,
  },
  penguin: {
    title: "Penguin",
    background: "#a5f3fc",
    head: "#111827",
    ears: "",
    extra: `<ellipse cx="50" cy="64" rx="20" ry="18" fill="#f9fafb"/>${eyes(58, 4)}<path d="M44 66 L56 66 L50 74 Z" fill="#f59e0b"/>`,
  },
  frog: {
    title: "Frog",
    background: "#d9f99d",
    head: "#16a34a",
    ears: `<circle cx="34" cy="32" r="12" fill="#16a34a"/><circle cx="66" cy="32" r="12" fill="#16a34a"/><circle cx="34" cy="32" r="7" fill="#f9fafb"/><circle cx="66" cy="32" r="7" fill="#f9fafb"/><circle cx="34" cy="32" r="3.5" fill="#111827"/><circle cx="66" cy="32" r="3.5" fill="#111827"/>`,
    extra: `<path d="M32 66 Q50 80 68 66" stroke="#14532d" stroke-width="3" fill="none" stroke-linecap="round"/>`,
  },
  panda: {
    title: "Panda",
    background: "#e5e7eb",
    head: "#f9fafb",
    ears: `<circle cx="28" cy="32" r="11" fill="#111827"/><circle cx="72" cy="32" r="11" fill="#111827"/>`,
    extra: `<ellipse cx="39" cy="58" rx="8" ry="10" fill="#111827"/><ellipse cx="61" cy="58" rx="8" ry="10" fill="#111827"/>${eyes(58, 3, "#f9fafb")}<circle cx="50" cy="70" r="4" fill="#111827"/>`,
  },
};

function draw(f: Face): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100" role="img" aria-label="${f.title}">
<title>${f.title}</title>
<rect width="100" height="100" rx="50" fill="${f.background}"/>
${f.ears}
<circle cx="50" cy="60" r="28" fill="${f.head}"/>
${f.extra}
</svg>`;
}

const SVGS = new Map<string, string>(AVATAR_NAMES.map((name) => [`${name}.svg`, draw(FACES[name])]));

/** The SVG for "fox.svg" etc., or null for any other name. */
export function avatarSvg(file: string): string | null {
  return SVGS.get(file) ?? null;
}
