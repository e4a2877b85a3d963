/**
 * Rules for messages, ratings and the bell that the site and the server share (spec 2 §5:
 * "Messages (every place): trimmed; empty not sent"; spec 1 §9: the bell shows 9+ above 9).
 */

import { ERRORS } from "./errors.ts";
import { MESSAGE_MAX_LENGTH } from "./sizes.ts";
import { cleanLines } from "./text.ts";

/**
 * What a message box may send: the text normalised (shared/text.ts: NFC, no control or
 * bidirectional-override characters, trimmed; zero-width-only is blank), or why not (a code of the
 * error registry and its sentence).
 */
export function checkMessageText(
  raw: string,
): { ok: true; text: string } | { ok: false; code: "message_blank" | "message_too_long"; message: string } {
  const text = cleanLines(raw);
  if (!text) return { ok: false, code: "message_blank", message: ERRORS.message_blank.message };
  if (text.length > MESSAGE_MAX_LENGTH) return { ok: false, code: "message_too_long", message: ERRORS.message_too_long.message };
  return { ok: true, text };
}

/** The bell's badge text for an unread count (spec 1 §9: 9+ above 9; nothing at 0). */
export function badgeText(unread: number): string {
  return unread <= 0 ? "" : unread > 9 ? "9+" : String(unread);
}

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const REVIEW_COMMENT_MAX_LENGTH = 2000;
