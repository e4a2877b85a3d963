import type { EntityItem } from "electrodb";
import { z } from "zod";
import type { UserEntity } from "../db/entities/user.ts";
import { EMAIL_KINDS, withDefaults } from "../shared/email-kinds.ts";

export type UserRecord = EntityItem<typeof UserEntity>;

/** Each kind of e-mail, on or off (core/shared/email-kinds.ts). */
export const emailPreferencesSchema = z
  .object(Object.fromEntries(EMAIL_KINDS.map((k) => [k, z.boolean()])) as Record<(typeof EMAIL_KINDS)[number], z.ZodBoolean>)
  .meta({ id: "EmailPreferences" });

/** The user as the API shows it to that user (spec 1 §3 User): the answer's one definition. Never the password hash. */
export const userSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    username: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    userType: z.enum(["customer", "printer_owner", "both"]),
    zipCode: z.string().nullable(),
    emailPreferences: emailPreferencesSchema,
    /** Staff (issue 21 point 5): a flag on the account, set only by `npm run staff:add`; never settable through the API. */
    isStaff: z.boolean(),
  })
  .meta({ id: "User", description: "The signed-in user's own account." });
export type PublicUser = z.infer<typeof userSchema>;

export function presentUser(u: UserRecord): PublicUser {
  return {
    id: u.userId,
    email: u.email,
    username: u.username,
    firstName: u.firstName ?? null,
    lastName: u.lastName ?? null,
    profileImageUrl: u.profileImageUrl ?? null,
    userType: u.userType,
    zipCode: u.zipCode ?? null,
    // Every e-mail kind with on/off (kinds never changed are on).
    emailPreferences: withDefaults(u.emailPreferences),
    isStaff: u.staff === true,
  };
}
