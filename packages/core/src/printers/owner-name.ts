import { writtenIf } from "../db/conditional.ts";
import type { Store } from "../db/store.ts";
import type { TxEntities, TxItem } from "../db/transact.ts";
import type { PrinterRecord } from "./present.ts";

/**
 * The owner's public name as a printer carries it (issue 23: the finder reads no user items).
 *
 * A printer keeps a copy of its owner's username, first and last name (`ownerUsername`,
 * `ownerFirstName`, `ownerLastName`): written when it is listed (printers/create.ts, conditional on
 * the owner's name being the one copied) and patched on each of the owner's printers in the same
 * transaction that changes the name (users/profile.ts). The finder, the map's view and a printer's
 * page show the copy.
 *
 * Fallback: a printer written before the copy existed has no `ownerUsername`; it is shown by reading
 * its owner as before (`ownersOf`, one BatchGet for the page's printers without a copy), so old data
 * still shows its owner. Such a printer gets the copy the next time its owner's name changes.
 */
export interface OwnerName {
  username: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
}

/** The printer's copy of its owner's name; undefined for a printer written before the copy. */
export function copiedOwner(p: Pick<PrinterRecord, "ownerUsername" | "ownerFirstName" | "ownerLastName">): OwnerName | undefined {
  if (p.ownerUsername === undefined) return undefined;
  return { username: p.ownerUsername, firstName: p.ownerFirstName, lastName: p.ownerLastName };
}

/** The attributes a new printer carries for `owner` (absent names are left out). */
export function ownerNameCopy(owner: OwnerName): Pick<PrinterRecord, "ownerUsername" | "ownerFirstName" | "ownerLastName"> {
  return {
    ownerUsername: owner.username,
    ...(owner.firstName !== undefined ? { ownerFirstName: owner.firstName } : {}),
    ...(owner.lastName !== undefined ? { ownerLastName: owner.lastName } : {}),
  };
}

/**
 * Owners of the printers that carry no copy of their name, in one batch read (none when all carry
 * it, as every printer listed since the copy does).
 */
export async function ownersOf(store: Store, printers: PrinterRecord[]): Promise<Map<string, OwnerName>> {
  const ids = [...new Set(printers.filter((p) => p.ownerUsername === undefined).map((p) => p.ownerId))];
  const owners = new Map<string, OwnerName>();
  if (ids.length === 0) return owners;
  const { data } = await store.entities.users
    .get(ids.map((userId) => ({ userId })))
    .go({ attributes: ["userId", "firstName", "lastName", "username"] });
  for (const u of data) owners.set(u.userId, u);
  return owners;
}

/** The owner of one printer: its copy, else a read of the owner (a printer written before the copy). */
export async function ownerOf(store: Store, p: PrinterRecord): Promise<OwnerName | undefined> {
  return copiedOwner(p) ?? (await ownersOf(store, [p])).get(p.ownerId);
}

/**
 * The patch that makes `printerId`'s copy `owner`'s name (a name removed is removed from the copy),
 * for the transaction that changes the name. The patch needs the printer to exist: one deleted
 * meanwhile fails its item, and the caller reads the printers again.
 */
export function ownerNamePatch(e: TxEntities, printerId: string, owner: OwnerName): TxItem {
  const patch = e.printers.patch({ printerId }).set(ownerNameCopy(owner));
  const remove = removedNames(owner);
  return (remove.length ? patch.remove(remove) : patch).commit();
}

/** The same as a write of its own (a printer deleted meanwhile has nothing to patch: false). */
export function patchOwnerName(store: Store, printerId: string, owner: OwnerName): Promise<boolean> {
  const patch = store.entities.printers.patch({ printerId }).set(ownerNameCopy(owner));
  const remove = removedNames(owner);
  return writtenIf(() => (remove.length ? patch.remove(remove) : patch).go());
}

const removedNames = (owner: OwnerName) =>
  (["firstName", "lastName"] as const)
    .filter((k) => owner[k] === undefined)
    .map((k) => (k === "firstName" ? ("ownerFirstName" as const) : ("ownerLastName" as const)));

/**
 * The condition that the owner's stored name is still `owner` (the one a new printer copies), as an
 * ElectroDB `where` clause.
 */
export function sameName<A extends { username: unknown; firstName: unknown; lastName: unknown }>(
  a: A,
  o: { eq: (attr: never, value: string) => string; notExists: (attr: never) => string },
  owner: OwnerName,
): string {
  const field = (attr: unknown, value: string | undefined) =>
    value === undefined ? o.notExists(attr as never) : o.eq(attr as never, value);
  return [field(a.username, owner.username), field(a.firstName, owner.firstName), field(a.lastName, owner.lastName)].join(" AND ");
}

/**
 * The copy given to every printer written before it existed (`npm run backfill`), so the finder
 * reads no owners at all: the printers without `ownerUsername`, a page at a time, their owners in
 * one batch read per page. A rename meanwhile patches the printer in its own transaction too, and
 * this writes the name read a moment before: run it while no one renames (or run it again).
 */
export async function copyMissingOwnerNames(store: Store): Promise<{ printers: number }> {
  let printers = 0;
  let cursor: string | null = null;
  do {
    const page: { data: PrinterRecord[]; cursor: string | null } = await store.entities.printers.scan
      .where((a, o) => o.notExists(a.ownerUsername))
      .go({ cursor, limit: 500 });
    const owners = await ownersOf(store, page.data);
    for (const p of page.data) {
      const owner = owners.get(p.ownerId);
      if (owner && (await patchOwnerName(store, p.printerId, owner))) printers++;
    }
    cursor = page.cursor;
  } while (cursor);
  return { printers };
}
