import { z } from "zod";
import { nameField, usernameField, zipCodeField } from "../auth/schemas.ts";
import { USER_TYPES } from "../db/entities/user.ts";
import { isAvatarUrl } from "../shared/avatars.ts";
import { EMAIL_KINDS, type EmailKind } from "../shared/email-kinds.ts";

const preferences = z.strictObject(
  Object.fromEntries(
    EMAIL_KINDS.map((k) => [k, z.boolean({ error: "E-mail preferences are on (true) or off (false)." }).optional()]),
  ) as Record<EmailKind, z.ZodOptional<z.ZodBoolean>>,
);

/**
 * PATCH /api/users/{id} (spec 2 §7 and Profile Settings). Every field is optional; an empty
 * name or ZIP (or a null avatar) clears it. `email` and `userType` are read-only: they are
 * accepted only when they repeat the stored value (the spec's own `{userType: both}` call after
 * listing a printer then succeeds as a no-op), and refused with a sentence otherwise.
 */
export const updateProfileInput = z
  .strictObject({
    username: usernameField.optional(),
    firstName: nameField("First name").optional(),
    lastName: nameField("Last name").optional(),
    profileImageUrl: z
      .union([z.string().refine(isAvatarUrl, "Please choose one of the eight avatars."), z.null()], {
        error: "Please choose one of the eight avatars.",
      })
      .optional(),
    zipCode: z.union([zipCodeField, z.literal("")], { error: "ZIP code must be 5 digits." }).optional(),
    emailPreferences: preferences.optional(),
    email: z.string().trim().optional(),
    userType: z.enum(USER_TYPES, { error: "Account type must be customer, printer_owner or both." }).optional(),
  })
  .meta({ id: "UpdateProfileInput" });

export type UpdateProfileInput = z.infer<typeof updateProfileInput>;
