import type { Store } from "../db/store.ts";
import { transact } from "../db/transact.ts";
import { fail } from "../shared/errors.ts";
import { type PublicUser, presentUser, type UserRecord } from "./present.ts";
import type { UpdateProfileInput } from "./profile-schemas.ts";

type Changes = Partial<Pick<UserRecord, "username" | "firstName" | "lastName" | "profileImageUrl" | "zipCode" | "emailPreferences">>;
type Removable = "firstName" | "lastName" | "profileImageUrl" | "zipCode";

/**
 * Change one's own profile (the caller has checked it is oneself). A new username is reserved
 * in the same transaction that frees the old one and renames the user, conditional on the name
 * being free (ignoring case) and on the stored username being the one read, so two people can
 * never both take a name and a rename never leaves a stale reservation.
 */
export async function updateProfile(store: Store, userId: string, input: UpdateProfileInput): Promise<PublicUser> {
  const user = (await store.entities.users.get({ userId }).go({ consistent: true })).data;
  if (!user) throw fail("account_not_found");
  if (input.email !== undefined && input.email.toLowerCase() !== user.email.toLowerCase()) {
    throw fail("email_read_only");
  }
  if (input.userType !== undefined && input.userType !== user.userType) {
    throw fail("user_type_read_only");
  }

  const set: Changes = {};
  const remove: Removable[] = [];
  const text = (key: "firstName" | "lastName" | "zipCode", value: string | undefined) => {
    if (value === undefined) return;
    if (value) set[key] = value;
    else if (user[key] !== undefined) remove.push(key);
  };
  text("firstName", input.firstName);
  text("lastName", input.lastName);
  text("zipCode", input.zipCode);
  if (input.profileImageUrl) set.profileImageUrl = input.profileImageUrl;
  else if (input.profileImageUrl === null && user.profileImageUrl !== undefined) remove.push("profileImageUrl");
  if (input.emailPreferences) {
    const merged = { ...(user.emailPreferences ?? {}) };
    for (const [k, v] of Object.entries(input.emailPreferences)) if (v !== undefined) merged[k as keyof typeof merged] = v;
    set.emailPreferences = merged;
  }
  const newName = input.username !== undefined && input.username !== user.username ? input.username : undefined;
  if (newName) set.username = newName;
  if (Object.keys(set).length === 0 && remove.length === 0) return presentUser(user);

  const swapsReservation = newName !== undefined && newName.toLowerCase() !== user.username.toLowerCase();
  const result = await transact(() =>
    store.service.transaction
      .write(({ users, uniques }) => {
        let patch = users.patch({ userId }).set(set);
        if (remove.length) patch = patch.remove(remove);
        return [
          patch.where((a, o) => o.eq(a.username, user.username)).commit(),
          ...(swapsReservation && newName
            ? [
                uniques.create({ kind: "username", value: newName.toLowerCase(), userId }).commit(),
                uniques
                  .delete({ kind: "username", value: user.username.toLowerCase() })
                  .where((a, o) => o.eq(a.userId, userId))
                  .commit(),
              ]
            : []),
        ];
      })
      .go(),
  );
  if (!result.ok) {
    if (result.failed.includes(1)) throw fail("username_taken");
    throw fail("profile_changed");
  }
  const updated = (await store.entities.users.get({ userId }).go({ consistent: true })).data;
  return presentUser(updated ?? { ...user, ...set });
}
