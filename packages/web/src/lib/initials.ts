import type { User } from "../api/types";

type NameParts = Pick<User, "firstName" | "lastName" | "username" | "email">;

function firstLetter(value: string | null | undefined): string {
  const trimmed = value?.trim() ?? "";
  return trimmed ? Array.from(trimmed)[0]!.toUpperCase() : "";
}

/** Avatar initials: first name (else username, else email) plus the last-name initial; else "U". */
export function initialsFor(user: Partial<NameParts>): string {
  const first = firstLetter(user.firstName) || firstLetter(user.username) || firstLetter(user.email);
  const initials = first + firstLetter(user.lastName);
  return initials || "U";
}

/** Full name for display: "First Last", else the username. */
export function displayName(user: Pick<User, "firstName" | "lastName" | "username">): string {
  const full = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
  return full || user.username;
}

/** First name, else username (dashboard greeting). */
export function firstNameOf(user: Pick<User, "firstName" | "username">): string {
  return user.firstName?.trim() || user.username;
}
