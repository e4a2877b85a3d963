import type { EntityItem } from "electrodb";
import type { UserEntity } from "../db/entities/user.ts";

export type UserRecord = EntityItem<typeof UserEntity>;

/** The user as the API shows it to that user (spec 1 §3 User). Never the password hash. */
export function presentUser(u: UserRecord) {
  return {
    id: u.userId,
    email: u.email,
    username: u.username,
    firstName: u.firstName ?? null,
    lastName: u.lastName ?? null,
    profileImageUrl: u.profileImageUrl ?? null,
    userType: u.userType,
    zipCode: u.zipCode ?? null,
  };
}

export type PublicUser = ReturnType<typeof presentUser>;
