import { Entity } from "electrodb";
import { keys, SERVICE } from "./common.ts";

/**
 * One e-mail that must go out at most once (key: what it is about, e.g. `{eventId}:{userId}:{kind}`).
 * The sender claims it with a conditional write before calling SES and marks it `sent` after; a
 * second delivery of the same event finds it sent (or claimed by a live sender) and does nothing.
 * A claim whose sender died expires (`claimedUntil`), so a retry can still send it.
 */
export const EmailDeliveryEntity = new Entity({
  model: { entity: "emailDelivery", version: "1", service: SERVICE },
  attributes: {
    deliveryKey: { type: "string", required: true, readOnly: true },
    status: { type: ["claimed", "sent"] as const, required: true },
    kind: { type: "string", required: true },
    userId: { type: "string", required: true },
    /** Epoch ms until which a claim belongs to the sender that made it. */
    claimedUntil: { type: "number", required: true },
    sentAt: { type: "string" },
    /** SES's id for the sent message (for support; never the address or the content). */
    providerMessageId: { type: "string" },
    /** Epoch seconds: kept 30 days, long past any redelivery. */
    expiresAt: { type: "number", required: true },
  },
  indexes: {
    primary: {
      ...keys.primary,
      pk: { ...keys.primary.pk, composite: ["deliveryKey"] },
      sk: { ...keys.primary.sk, composite: [] },
    },
  },
});
