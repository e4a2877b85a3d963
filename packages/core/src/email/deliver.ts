import { isConditionFailure } from "../db/conditional.ts";
import type { Store } from "../db/store.ts";
import type { EmailKind } from "../shared/email-kinds.ts";
import type { Mailer, OutgoingEmail } from "./mailer.ts";

/** How long a sender owns a claimed e-mail before another attempt may take it over. */
export const CLAIM_MS = 60_000;
const KEEP_SECONDS = 30 * 24 * 3600;

export type DeliveryOutcome = "sent" | "already_sent" | "in_flight";

/**
 * Send an e-mail at most once for `deliveryKey` (db/entities/email-delivery.ts). Claim it with a
 * conditional create; a key already sent, or claimed by a sender still within its claim, is not
 * sent again. A claim left by a sender that died is taken over by a conditional update. If SES
 * fails, the claim is released and the error thrown, so the event's retry sends it.
 */
export async function deliverOnce(
  deps: { store: Store; mailer: Mailer; now?: () => number },
  d: { deliveryKey: string; kind: EmailKind | "other"; userId: string; email: OutgoingEmail },
): Promise<DeliveryOutcome> {
  const entity = deps.store.entities.emailDeliveries;
  const now = deps.now ?? Date.now;
  const claimedUntil = now() + CLAIM_MS;
  const key = { deliveryKey: d.deliveryKey };
  try {
    await entity
      .create({
        ...key,
        status: "claimed",
        kind: d.kind,
        userId: d.userId,
        claimedUntil,
        expiresAt: Math.floor(now() / 1000) + KEEP_SECONDS,
      })
      .go();
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
    const existing = (await entity.get(key).go({ consistent: true })).data;
    if (!existing || existing.status === "sent") return "already_sent";
    if (existing.claimedUntil > now()) return "in_flight";
    try {
      await entity
        .patch(key)
        .set({ claimedUntil })
        .where((a, o) => `${o.eq(a.status, "claimed")} AND ${o.eq(a.claimedUntil, existing.claimedUntil)}`)
        .go();
    } catch (e2) {
      if (isConditionFailure(e2)) return "in_flight";
      throw e2;
    }
  }

  let providerMessageId: string;
  try {
    providerMessageId = (await deps.mailer.send(d.email)).messageId;
  } catch (e) {
    await entity
      .patch(key)
      .set({ claimedUntil: 0 })
      .where((a, o) => o.eq(a.claimedUntil, claimedUntil))
      .go()
      .catch(() => undefined);
    throw e;
  }
  await entity
    .patch(key)
    .set({ status: "sent", sentAt: new Date(now()).toISOString(), ...(providerMessageId ? { providerMessageId } : {}) })
    .go();
  return "sent";
}
