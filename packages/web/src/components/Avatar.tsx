import { useState } from "react";
import type { User } from "../api/types";
import { initialsFor } from "../lib/initials";

type AvatarUser = Partial<Pick<User, "firstName" | "lastName" | "username" | "email" | "profileImageUrl">>;

/** Profile image, else initials, else "U". Decorative: the surrounding control carries the name. */
export function Avatar({ user, className = "h-9 w-9 text-sm" }: { user: AvatarUser; className?: string }) {
  const [failed, setFailed] = useState(false);
  const src = user.profileImageUrl?.trim();
  if (src && !failed) {
    return (
      <img
        src={src}
        alt=""
        data-testid="avatar-image"
        onError={() => setFailed(true)}
        className={`rounded-full object-cover ring-2 ring-white ${className}`}
      />
    );
  }
  return (
    <span
      data-testid="avatar-initials"
      aria-hidden="true"
      className={`inline-flex items-center justify-center rounded-full bg-brand-600 font-semibold text-white ring-2 ring-white ${className}`}
    >
      {initialsFor(user)}
    </span>
  );
}
