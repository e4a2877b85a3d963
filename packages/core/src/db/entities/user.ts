import { Entity } from "electrodb";
import { keys, SERVICE } from "./common.ts";

export const USER_TYPES = ["customer", "printer_owner", "both"] as const;

export const UserEntity = new Entity({
  model: { entity: "user", version: "1", service: SERVICE },
  attributes: {
    userId: { type: "string", required: true, readOnly: true },
    email: { type: "string", required: true },
    username: { type: "string", required: true },
    passwordHash: { type: "string", required: true },
    firstName: { type: "string" },
    lastName: { type: "string" },
    profileImageUrl: { type: "string" },
    userType: { type: USER_TYPES, required: true, default: "customer" },
    zipCode: { type: "string" },
    /** The owner's Stripe Connect account (acct_…), where payouts are transferred. */
    stripeAccountId: { type: "string" },
    /**
     * Which e-mails this person gets; a kind that is absent is on (core/shared/email-kinds.ts).
     * Changed only through the profile call, read by the event consumer before each e-mail.
     */
    emailPreferences: {
      type: "map",
      properties: {
        orderConfirmation: { type: "boolean" },
        orderUpdates: { type: "boolean" },
        newOrders: { type: "boolean" },
        messages: { type: "boolean" },
      },
    },
    createdAt: { type: "string", required: true, readOnly: true },
    /**
     * Staff (issue 21 point 5): a flag on the account, never a userType. Set only by
     * `npm run staff:add` and local mode's seed (core/staff/grant.ts); no API call writes it.
     */
    staff: { type: "boolean" },
    /** The staff member's TOTP secret (RFC 6238, base32); never answered by any call. */
    totpSecret: { type: "string" },
    /** The last TOTP time step used to sign in: a code is good once (core/staff/totp.ts). */
    totpLastStep: { type: "number" },
    /** Suspended by staff (core/staff/suspend.ts): cannot sign in, sessions answer nobody. */
    suspendedAt: { type: "string" },
    suspensionReason: { type: "string" },
  },
  indexes: {
    primary: {
      ...keys.primary,
      pk: { ...keys.primary.pk, composite: ["userId"] },
      sk: { ...keys.primary.sk, composite: [] },
    },
  },
});
