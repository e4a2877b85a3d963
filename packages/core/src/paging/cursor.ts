import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { fail } from "../shared/errors.ts";
import { CURSOR_MAX_AGE_HOURS } from "../shared/paging.ts";

/**
 * Every list's page marker (issue 23; DESIGN.md "Finding printers by place"; the staff lists'
 * markers too): where the last page ended, as opaque text signed with HMAC-SHA256 under a key only
 * the API holds. A marker names the list it belongs to (which list, whose, with which filters) and
 * when it was made, so one altered, made up, taken from another list or another person's, or older
 * than a day is a 400 (`bad_cursor`, `stale_cursor`), never a key handed to DynamoDB or an error.
 */
export interface CursorKey {
  readonly secret: Buffer;
}

/** A marker is good this long: long enough to read a list, short enough that old links ask again. */
export const CURSOR_MAX_AGE_SECONDS = CURSOR_MAX_AGE_HOURS * 60 * 60;
/** The longest marker any list makes is a few hundred characters; anything longer is refused unread. */
export const CURSOR_TEXT_MAX = 1000;

/** The key from a secret (the API's `CURSOR_SECRET`); a process without one makes its own (local mode, tests). */
export function cursorKey(secret?: string): CursorKey {
  const material = secret && secret.length >= 16 ? secret : randomBytes(32).toString("hex");
  return { secret: createHash("sha256").update(`printhood page markers\u0000${material}`).digest() };
}

const envelope = z.strictObject({ l: z.string(), t: z.number().int(), p: z.unknown() });

const mac = (key: CursorKey, body: string) => createHmac("sha256", key.secret).update(body).digest("base64url").slice(0, 32);

/** The marker for a position in `list` (a name that says which list, whose and with which filters). */
export function sealCursor(key: CursorKey, list: string, position: unknown, now = Date.now()): string {
  const body = Buffer.from(JSON.stringify({ l: list, t: Math.floor(now / 1000), p: position })).toString("base64url");
  return `${body}.${mac(key, body)}`;
}

/** The position a marker holds, if it is ours, for this list and fresh; otherwise a 400. */
export function openCursor<T>(key: CursorKey, list: string, text: string, schema: z.ZodType<T>, now = Date.now()): T {
  const [body, signature, extra] = text.split(".");
  if (!body || !signature || extra !== undefined || text.length > CURSOR_TEXT_MAX) throw fail("bad_cursor");
  const expected = Buffer.from(mac(key, body));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw fail("bad_cursor");
  let parsed: z.infer<typeof envelope>;
  try {
    parsed = envelope.parse(JSON.parse(Buffer.from(body, "base64url").toString("utf8")));
  } catch {
    throw fail("bad_cursor");
  }
  if (parsed.l !== list) throw fail("bad_cursor");
  const age = Math.floor(now / 1000) - parsed.t;
  if (age > CURSOR_MAX_AGE_SECONDS || age < -300) throw fail("stale_cursor");
  const position = schema.safeParse(parsed.p);
  if (!position.success) throw fail("bad_cursor");
  return position.data;
}
