/**
 * /staff's address: which panel is open (a queue, the look-up or the audit log) and the look-up's
 * text, so a link can open the console at a queue or at a person (`/staff?tab=lookup&q=…`). The
 * route reads it in the first load, so it does not import the queue list (whose components load
 * on demand); the console falls back to its first queue for a tab it does not know.
 */
export interface StaffSearch {
  tab?: string;
  q?: string;
}

export function validateStaffSearch(search: Record<string, unknown>): StaffSearch {
  const out: StaffSearch = {};
  if (typeof search.tab === "string" && /^[a-z-]{1,40}$/.test(search.tab)) out.tab = search.tab;
  if (typeof search.q === "string" && search.q.trim() && search.q.length <= 254) out.q = search.q.trim();
  return out;
}
