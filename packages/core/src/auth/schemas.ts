import { z } from "zod";
import { ERRORS } from "../shared/errors.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../shared/passwords.ts";
import { cleanLine } from "../shared/text.ts";

/** Input schemas for the account calls (spec 1 §3, §5). Strict: unknown keys are refused. */
const email = z
  .string({ error: "Email is required." })
  .trim()
  .min(1, "Email is required.")
  .max(254, "Email is too long.")
  .pipe(z.email({ error: "Please enter a valid email address." }));

export const loginInput = z
  .strictObject({
    email,
    password: z.string({ error: "Password is required." }).min(1, "Password is required.").max(1024, "Password is too long."),
    /** Staff accounts only: the 6-digit code of their authenticator app (TOTP); other accounts ignore it. */
    totp: z.string({ error: "The code must be text." }).max(16, "The code is the 6 digits your authenticator app shows.").optional(),
  })
  .meta({ id: "LoginInput" });

/**
 * Names a person could use to pass for Printhood's staff in a conversation, a review or a report
 * (compared without case, dots, dashes and underscores); any name with "printhood" in it too.
 */
const RESERVED_USERNAMES = new Set([
  "abuse",
  "admin",
  "administrator",
  "billing",
  "contact",
  "help",
  "helpdesk",
  "info",
  "moderator",
  "noreply",
  "official",
  "payments",
  "postmaster",
  "root",
  "security",
  "staff",
  "support",
  "system",
  "team",
  "webmaster",
]);
export const isReservedUsername = (name: string) => {
  const bare = name.toLowerCase().replace(/[._-]/g, "");
  return RESERVED_USERNAMES.has(bare) || bare.includes("printhood");
};

/** Sign-up's username rule, also used when a person changes it on Profile Settings. */
export const usernameField = z
  .string({ error: "Username is required." })
  .trim()
  .min(3, "Username must be at least 3 characters.")
  .max(30, "Username must be at most 30 characters.")
  .regex(/^[A-Za-z0-9._-]+$/, "Username may use only letters, numbers, dots, dashes and underscores.")
  .refine((name) => !isReservedUsername(name), "That username is kept for Printhood's own team. Please choose another.");

/** A first or last name: shown to the other person on an order, so normalised (shared/text.ts). */
export const nameField = (label: string) => z.string().overwrite(cleanLine).trim().max(60, `${label} is too long.`);
export const zipCodeField = z.string().regex(/^\d{5}$/, "ZIP code must be 5 digits.");

export const registerInput = z
  .strictObject({
    username: usernameField,
    email,
    // Its length here (the registry's sentences, the numbers from shared/passwords.ts); whether it is
    // common in register() (auth/password-policy.ts), after the sign-up is counted against the address.
    password: z
      .string({ error: "Password is required." })
      .min(PASSWORD_MIN_LENGTH, ERRORS.password_too_short.message)
      .max(PASSWORD_MAX_LENGTH, ERRORS.password_too_long.message),
    firstName: nameField("First name").optional(),
    lastName: nameField("Last name").optional(),
    zipCode: zipCodeField.optional(),
    userType: z.enum(["customer", "printer_owner"], { error: "Account type must be customer or printer_owner." }).optional(),
  })
  .meta({ id: "RegisterInput" });

export type LoginInput = z.infer<typeof loginInput>;
export type RegisterInput = z.infer<typeof registerInput>;
