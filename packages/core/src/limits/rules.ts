import { MAX_PHOTOS_PER_DAY } from "../shared/photos.ts";
import type { HoldingRule } from "./holdings.ts";
import type { LimitRule } from "./rate-limit.ts";

/**
 * Every limit that guards against abuse, in one place (DECISIONS.md "Limits and abuse" gives the
 * values' reasons). Windowed limits (`LimitRule`) are counted with limits/rate-limit.ts `reserve`
 * and answer 429 with Retry-After; "at once" limits (`HoldingRule`) are counted in the same
 * transaction as the thing they count (limits/holdings.ts) and answer 429 saying what to remove.
 */

/**
 * Limits per client address (DECISIONS.md, "Limits"). They stop one address from trying a
 * password across many emails, or from creating accounts in bulk; the per-email sign-in lock
 * (auth/sign-in-throttle.ts) stops many addresses from guessing one account.
 */

/** Failed sign-ins per address: a sign-in that succeeds is given back, so a shared network's people are not blocked. */
export const SIGN_IN_PER_ADDRESS: LimitRule = {
  name: "sign_in_address_limit",
  max: 30,
  windowSeconds: 15 * 60,
};

/** Sign-up attempts per address that reach the store (each is counted, taken emails included). */
export const SIGN_UP_PER_ADDRESS: LimitRule = {
  name: "sign_up_address_limit",
  max: 20,
  windowSeconds: 60 * 60,
};

/*
 * Limits per person (per account), so one account cannot flood everyone. Far above what a real
 * customer or owner does; each refusal says how to go on.
 */

const HOUR = 60 * 60;

/** Designs registered for upload per account per day (UTC): each can be 50 MB and runs an analysis. */
export const UPLOADS_PER_DAY: LimitRule = { name: "upload_limit", max: 50, windowSeconds: 24 * HOUR };

/** Photos registered for upload per account per day (UTC): each can be 10 MB and is decoded and resized. */
export const PHOTOS_PER_DAY: LimitRule = { name: "photo_limit", max: MAX_PHOTOS_PER_DAY, windowSeconds: 24 * HOUR };

/** Orders one customer submits to one printer per hour (subject: customer and printer): each notifies its owner. */
export const ORDERS_PER_PRINTER_PER_HOUR: LimitRule = { name: "printer_order_limit", max: 10, windowSeconds: HOUR };

/** Messages one person sends per minute, across all threads: each notifies (and may e-mail) the other person. */
export const MESSAGES_PER_MINUTE: LimitRule = { name: "message_limit", max: 20, windowSeconds: 60 };

/** Reports one person files per day (issue 21 point 6): each lands in the staff queue. */
export const REPORTS_PER_DAY: LimitRule = { name: "report_limit", max: 20, windowSeconds: 24 * HOUR };

/** Saved prints (drafts) one account keeps at once. */
export const SAVED_PRINTS: HoldingRule = { name: "saved_prints_limit", max: 50 };

/** Orders one customer has submitted and not yet paid (or cancelled) at once: each sits in an owner's requests. */
export const UNPAID_ORDERS: HoldingRule = { name: "unpaid_orders_limit", max: 5 };

/** Printers one owner lists at once: each is on the public map and list. */
export const PRINTERS_PER_OWNER: HoldingRule = { name: "printers_limit", max: 20 };
