import type { Store } from "../db/store.ts";
import { type TxItem, transact } from "../db/transact.ts";
import { heldCount } from "../limits/holdings.ts";
import { PRINTERS_PER_OWNER } from "../limits/rules.ts";
import { type OwnerName, ownerNamePatch, patchOwnerName } from "../printers/owner-name.ts";
import { fail } from "../shared/errors.ts";
import { type PublicUser, presentUser, type UserRecord } from "./present.ts";
import type { UpdateProfileInput } from "./profile-schemas.ts";

/**
 * Printers a rename patches in its own transaction, within DynamoDB's 100 items: every owner's, as
 * an owner lists at most PRINTERS_PER_OWNER (20).
 */
const PRINTERS_IN_RENAME = 90;

type Changes = Partial<Pick<UserRecord, "username" | "firstName" | "lastName" | "profileImageUrl" | "zipCode" | "emailPreferences">>;
type Removable = "firstName" | "lastName" | "profileImageUrl" | "zipCode";

/**
 * Change one's own profile (the caller has checked it is oneself). A new username is reserved
 * in the same transaction that frees the old one and renames the user, conditional on the name
 * being free (ignoring case) and on the stored username being the one read, so two people can
 * never both take a name and a rename never leaves a stale reservation.
 *
 * A change of username, first or last name is copied onto each of the user's printers (the finder
 * shows the copy: printers/owner-name.ts) in that same transaction, so no one ever sees a printer
 * with a name its owner no longer has, and two renames at once leave the printers with the winner's.
 * In the same transaction rather than right after because it fits: an owner has at most
 * PRINTERS_PER_OWNER (20) printers, so the user, two reservations and the printers are well under
 * DynamoDB's 100 items; and a write after it could fail or be lost with the process, leaving a copy
 * stale until the next rename.
 *
 * The printers are read from the byOwner index just before, beside the count of the owner's listed
 * printers (limits/holdings.ts, kept in the transactions that list and delete them). The transaction
 * is conditional on that count, so a printer listed or deleted in between (or listed a moment ago and
 * not yet in the index) makes it read them again; a printer listed after it copies the new name (its
 * listing is conditional on the name it copies: printers/create.ts).
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
  const name: OwnerName = {
    username: set.username ?? user.username,
    firstName: remove.includes("firstName") ? undefined : (set.firstName ?? user.firstName),
    lastName: remove.includes("lastName") ? undefined : (set.lastName ?? user.lastName),
  };
  const renamed = name.username !== user.username || name.firstName !== user.firstName || name.lastName !== user.lastName;
  const printersOf = async () => {
    if (!renamed) return { printers: [], held: 0 };
    for (let look = 1; ; look++) {
      const held = await heldCount(store, PRINTERS_PER_OWNER, userId);
      const { data } = await store.entities.printers.query
        .byOwner({ ownerId: userId })
        .go({ pages: "all", attributes: ["printerId", "countedForOwner"] });
      // The index catches up with a printer just listed within moments.
      if (data.filter((p) => p.countedForOwner).length === held || look >= 5) return { printers: data, held };
      await new Promise((resolve) => setTimeout(resolve, 50 * look));
    }
  };
  // The user's own items first (positions 0-2 as before), then the count, then one patch per printer.
  const reserved = swapsReservation ? 3 : 1;
  let { printers, held } = await printersOf();
  // Only printers written outside the app (a seed) could be more than a transaction holds; those
  // past PRINTERS_IN_RENAME get the name right after it, one write each.
  let after: typeof printers = [];
  for (let attempt = 1; ; attempt++) {
    const result = await transact(() =>
      store.service.transaction
        .write((e) => {
          const { users, uniques } = e;
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
            ...(renamed
              ? [
                  e.holdings
                    .check({ rule: PRINTERS_PER_OWNER.name, subject: userId })
                    .where((a, o) => (held === 0 ? `${o.notExists(a.count)} OR ${o.eq(a.count, 0)}` : o.eq(a.count, held)))
                    .commit(),
                ]
              : []),
            ...printers.slice(0, PRINTERS_IN_RENAME).map((p): TxItem => ownerNamePatch(e, p.printerId, name)),
          ];
        })
        .go(),
    );
    if (result.ok) {
      after = printers.slice(PRINTERS_IN_RENAME);
      break;
    }
    // A printer listed or deleted since they were read: read them again and try again.
    if (result.failed.length > 0 && result.failed.every((i) => i >= reserved) && attempt < 3) {
      ({ printers, held } = await printersOf());
      continue;
    }
    if (result.failed.includes(1)) throw fail("username_taken");
    throw fail("profile_changed");
  }
  for (const p of after) await patchOwnerName(store, p.printerId, name);
  const updated = (await store.entities.users.get({ userId }).go({ consistent: true })).data;
  return presentUser(updated ?? { ...user, ...set });
}
