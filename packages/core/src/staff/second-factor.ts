import { isConditionFailure } from "../db/conditional.ts";
import type { Store } from "../db/store.ts";
import { fail, type VisibleError } from "../shared/errors.ts";
import type { UserRecord } from "../users/present.ts";
import { totpStep } from "./totp.ts";

/**
 * A staff account's second factor at sign-in (issue 21 point 5): the TOTP code must be given and
 * right, and not one already used (its time step is recorded conditionally, so two sign-ins racing
 * with one code cannot both pass). Answers the refusal rather than throwing it, so sign-in can
 * count it against the e-mail like a wrong password (auth/accounts.ts): a missing code after a
 * right password must not become a free oracle for guessing staff passwords.
 */
export async function checkSecondFactor(store: Store, user: UserRecord, code: string | undefined, now: Date): Promise<VisibleError | null> {
  if (!code) return fail("totp_required");
  // A staff flag without a secret (should not happen: staff:add always sets one) lets nobody in.
  if (!user.totpSecret) return fail("totp_invalid");
  const step = await totpStep(user.totpSecret, code, now);
  if (step === null) return fail("totp_invalid");
  try {
    await store.entities.users
      .patch({ userId: user.userId })
      .set({ totpLastStep: step })
      .where((a, op) => `${op.notExists(a.totpLastStep)} OR ${op.lt(a.totpLastStep, step)}`)
      .go();
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
    return fail("totp_invalid");
  }
  return null;
}
