/** Ids in the address: non-empty text (numbers, as the spec's integer ids, read as text). */
function idParam(v: unknown): string | undefined {
  const s = typeof v === "number" && Number.isFinite(v) ? String(v) : typeof v === "string" ? v.trim() : "";
  return s && s.length <= 64 ? s : undefined;
}

/** The ids among a route's query parameters (for its validateSearch, which names the result's type). */
export function idSearch(search: Record<string, unknown>, ...keys: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of keys) {
    const v = idParam(search[k]);
    if (v) out[k] = v;
  }
  return out;
}
