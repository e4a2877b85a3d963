import type { Store } from "../db/store.ts";
import { writeTransaction } from "../db/transact.ts";
import { fail } from "../shared/errors.ts";
import { recordStaffAction } from "./audit.ts";
import { newTotpSecret, totpUri } from "./totp.ts";

/** Who grants staff outside the API: the command line (`npm run staff:add`) or local mode's seed. */
export const GRANTED_BY_COMMAND = { id: "command-line", email: "npm run staff:add" };

export interface StaffGrant {
  userId: string;
  email: string;
  /** The TOTP secret (base32) the staff member enters in their authenticator app. */
  secret: string;
  /** The same as an `otpauth://` URI (what a QR code holds). */
  uri: string;
  /** Already staff before: nothing changed but a secret that was missing. */
  alreadyStaff: boolean;
}

/**
 * Makes an existing account staff (issue 21 point 5): the flag and a TOTP secret, with an audit
 * line, in one transaction. Only `npm run staff:add` and the seed call this; no route does, so the
 * API can never grant staff. An account that is already staff keeps its secret (its authenticator
 * keeps working); `secret` sets a given one (the seed's fixed demo secret).
 */
export async function grantStaff(store: Store, email: string, options: { secret?: string; at?: Date } = {}): Promise<StaffGrant> {
  const key = email.trim().toLowerCase();
  const { data: unique } = await store.entities.uniques.get({ kind: "email", value: key }).go({ consistent: true });
  const { data: user } = unique ? await store.entities.users.get({ userId: unique.userId }).go({ consistent: true }) : { data: null };
  if (!user) throw fail("staff_account_missing", { email: email.trim() });
  const secret = options.secret ?? user.totpSecret ?? newTotpSecret();
  const alreadyStaff = user.staff === true;
  if (!alreadyStaff || user.totpSecret !== secret) {
    const at = (options.at ?? new Date()).toISOString();
    const outcome = await writeTransaction(store, (entities) => [
      entities.users.patch({ userId: user.userId }).set({ staff: true, totpSecret: secret }).commit(),
      recordStaffAction(entities, {
        staff: GRANTED_BY_COMMAND,
        action: "user.grant_staff",
        target: { kind: "user", id: user.userId, label: user.email },
        reason: alreadyStaff ? "New TOTP secret" : "Made staff from the command line",
        at,
      }),
    ]);
    if (!outcome.ok) throw new Error(`Could not make ${user.email} staff (the account changed meanwhile); run the command again.`);
  }
  return { userId: user.userId, email: user.email, secret, uri: totpUri(user.email, secret), alreadyStaff };
}
