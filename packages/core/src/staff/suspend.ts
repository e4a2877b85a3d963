import type { Store } from "../db/store.ts";
import { type TxItem, writeTransaction } from "../db/transact.ts";
import type { OrderDeps } from "../orders/deps.ts";
import type { OrderRecord } from "../orders/load.ts";
import { listingAsRead, listingCounterItems, listingDeltas, withPlace } from "../printers/listing-index.ts";
import type { PrinterRecord } from "../printers/present.ts";
import { fail } from "../shared/errors.ts";
import { isOpenOrder, type JobStatus, type StaffCancelReason } from "../shared/lifecycle.ts";
import type { UserRecord } from "../users/present.ts";
import { recordStaffAction, type StaffActor } from "./audit.ts";
import { type StaffCancelOutcome, staffCancelOrder } from "./cancel-order.ts";
import { presentStaffPrinter, presentStaffUser, type StaffPrinter, type StaffUser } from "./present.ts";
import type { SuspensionInput } from "./schemas.ts";

/**
 * Suspending an account or a printer (issue 21 point 5; DECISIONS.md "Suspension").
 *
 * An account: it cannot sign in and its sessions answer nobody from that instant (auth/accounts.ts
 * reads the flag with every session); as an owner, every printer of theirs is marked in the same
 * transaction (`ownerSuspendedAt`), so it leaves the lists, the finder, choose-printer and
 * submit-order at once (shared/listing.ts); then its open orders are cancelled by staff with the
 * money given back and both sides told (staff/cancel-order.ts). A printer: the same, for that printer.
 * The suspension, its printers' marks and its audit line are one transaction; each cancelled
 * order is its own transaction with its own audit line.
 */

/** Which orders a suspension cancels: an owner's until the part exists; a customer's until printing starts. */
export const CANCELLED_ON_SUSPENSION: Record<"owner" | "customer", readonly JobStatus[]> = {
  owner: ["submitted", "confirmed", "accepted", "printing"],
  customer: ["submitted", "confirmed", "accepted"],
};

export interface UserSuspensionResult {
  user: StaffUser;
  orders: StaffCancelOutcome[];
}
export interface PrinterSuspensionResult {
  printer: StaffPrinter;
  orders: StaffCancelOutcome[];
}

async function readUser(store: Store, userId: string): Promise<UserRecord> {
  const { data } = await store.entities.users.get({ userId }).go({ consistent: true });
  if (!data) throw fail("user_not_found");
  return data;
}

async function readPrinter(store: Store, printerId: string): Promise<PrinterRecord> {
  const { data } = await store.entities.printers.get({ printerId }).go({ consistent: true });
  if (!data) throw fail("printer_not_found");
  return data;
}

/**
 * Open orders of these printers (their index), and of this customer: those a suspension cancels and
 * those it leaves (a finished part), so the staff member sees both.
 */
async function ordersOfPrinters(store: Store, printerIds: string[]): Promise<OrderRecord[]> {
  const pages = await Promise.all(
    printerIds.map((orderPrinterId) => store.entities.jobs.query.byPrinter({ orderPrinterId }).go({ pages: "all" })),
  );
  return pages.flatMap((p) => p.data).filter((j) => isOpenOrder(j.status));
}

async function ordersOfCustomer(store: Store, customerId: string): Promise<OrderRecord[]> {
  const { data } = await store.entities.jobs.query.byCustomer({ customerId }).go({ pages: "all" });
  return data.filter((j) => isOpenOrder(j.status));
}

async function ownerOf(store: Store, job: OrderRecord): Promise<string | null> {
  if (job.orderOwnerId) return job.orderOwnerId;
  const printerId = job.orderPrinterId ?? job.printerId;
  return printerId ? ((await store.entities.printers.get({ printerId }).go()).data?.ownerId ?? null) : null;
}

async function cancelAll(
  deps: OrderDeps,
  staff: StaffActor,
  orders: { job: OrderRecord; ownerId: string | null; why: StaffCancelReason; cancels: readonly JobStatus[] }[],
  reason: string,
): Promise<StaffCancelOutcome[]> {
  const out: StaffCancelOutcome[] = [];
  // One at a time: each is a payment call and an e-mail pair; a suspension is rare and its orders few.
  for (const o of orders) out.push(await staffCancelOrder(deps, staff, o.job, o.ownerId, o.why, reason, o.cancels));
  return out;
}

export async function setUserSuspension(
  deps: OrderDeps,
  staff: StaffActor,
  userId: string,
  input: SuspensionInput,
): Promise<UserSuspensionResult> {
  const { store } = deps;
  const user = await readUser(store, userId);
  if (user.userId === staff.id) throw fail("cannot_suspend_self");
  const at = deps.clock().toISOString();
  const target = { kind: "user" as const, id: user.userId, label: user.email };
  const { data: printers } = await store.entities.printers.query.byOwner({ ownerId: userId }).go({ pages: "all" });

  if (!input.suspended) {
    if (!user.suspendedAt) throw fail("not_suspended", { what: "This account" });
    const outcome = await writeTransaction(store, (e) => [
      e.users
        .patch({ userId })
        .remove(["suspendedAt", "suspensionReason"])
        .where((a, o) => o.exists(a.suspendedAt))
        .commit(),
      ...printers.map((p) =>
        withPlace(e.printers.patch({ printerId: p.printerId }), { ...p, ownerSuspendedAt: undefined })
          .remove(["ownerSuspendedAt"])
          .where((a, o) => listingAsRead(a, o, p))
          .commit(),
      ),
      recordStaffAction(e, { staff, action: "user.unsuspend", target, reason: input.reason, at }),
      ...listingCounterItems(e, listingDeltas(printers.map((p) => ({ before: p, after: { ...p, ownerSuspendedAt: undefined } })))),
    ]);
    if (!outcome.ok) throw fail(outcome.failedItems.includes(0) ? "not_suspended" : "suspension_changed", { what: "This account" });
    return { user: presentStaffUser(await readUser(store, userId)), orders: [] };
  }

  if (user.suspendedAt) throw fail("already_suspended", { what: "This account" });
  const outcome = await writeTransaction(store, (e) => [
    e.users
      .patch({ userId })
      .set({ suspendedAt: at, suspensionReason: input.reason })
      .where((a, o) => o.notExists(a.suspendedAt))
      .commit(),
    // A printer deleted or changed meanwhile fails its item (patch needs it to exist, as read): the staff member tries again.
    ...printers.map(
      (p): TxItem =>
        withPlace(e.printers.patch({ printerId: p.printerId }), { ...p, ownerSuspendedAt: at })
          .set({ ownerSuspendedAt: at })
          .where((a, o) => listingAsRead(a, o, p))
          .commit(),
    ),
    recordStaffAction(e, { staff, action: "user.suspend", target, reason: input.reason, details: { printers: printers.length }, at }),
    ...listingCounterItems(e, listingDeltas(printers.map((p) => ({ before: p, after: { ...p, ownerSuspendedAt: at } })))),
  ]);
  if (!outcome.ok) throw fail(outcome.failedItems.includes(0) ? "already_suspended" : "suspension_changed", { what: "This account" });

  const asOwner = await ordersOfPrinters(
    store,
    printers.map((p) => p.printerId),
  );
  const asCustomer = (await ordersOfCustomer(store, userId)).filter((j) => !asOwner.some((o) => o.jobId === j.jobId));
  const orders = await cancelAll(
    deps,
    staff,
    [
      ...asOwner.map((job) => ({ job, ownerId: userId, why: "owner_suspended" as const, cancels: CANCELLED_ON_SUSPENSION.owner })),
      ...(await Promise.all(
        asCustomer.map(async (job) => ({
          job,
          ownerId: await ownerOf(store, job),
          why: "customer_suspended" as const,
          cancels: CANCELLED_ON_SUSPENSION.customer,
        })),
      )),
    ],
    input.reason,
  );
  return { user: presentStaffUser(await readUser(store, userId)), orders };
}

export async function setPrinterSuspension(
  deps: OrderDeps,
  staff: StaffActor,
  printerId: string,
  input: SuspensionInput,
): Promise<PrinterSuspensionResult> {
  const { store } = deps;
  const printer = await readPrinter(store, printerId);
  const at = deps.clock().toISOString();
  const target = { kind: "printer" as const, id: printer.printerId, label: printer.name };
  const present = async () => {
    const [p, owner] = await Promise.all([readPrinter(store, printerId), store.entities.users.get({ userId: printer.ownerId }).go()]);
    return presentStaffPrinter(p, owner.data?.email ?? null);
  };

  if (!input.suspended) {
    if (!printer.suspendedAt) throw fail("not_suspended", { what: "This printer" });
    const after = { ...printer, suspendedAt: undefined };
    const outcome = await writeTransaction(store, (e) => [
      withPlace(e.printers.patch({ printerId }), after)
        .remove(["suspendedAt", "suspensionReason"])
        .where((a, o) => listingAsRead(a, o, printer))
        .commit(),
      recordStaffAction(e, { staff, action: "printer.unsuspend", target, reason: input.reason, at }),
      ...listingCounterItems(e, listingDeltas([{ before: printer, after }])),
    ]);
    if (!outcome.ok) throw fail("not_suspended", { what: "This printer" });
    return { printer: await present(), orders: [] };
  }

  if (printer.suspendedAt) throw fail("already_suspended", { what: "This printer" });
  const after = { ...printer, suspendedAt: at };
  const outcome = await writeTransaction(store, (e) => [
    withPlace(e.printers.patch({ printerId }), after)
      .set({ suspendedAt: at, suspensionReason: input.reason })
      .where((a, o) => listingAsRead(a, o, printer))
      .commit(),
    recordStaffAction(e, { staff, action: "printer.suspend", target, reason: input.reason, at }),
    ...listingCounterItems(e, listingDeltas([{ before: printer, after }])),
  ]);
  if (!outcome.ok) throw fail("already_suspended", { what: "This printer" });
  const open = await ordersOfPrinters(store, [printerId]);
  const orders = await cancelAll(
    deps,
    staff,
    open.map((job) => ({ job, ownerId: printer.ownerId, why: "printer_suspended" as const, cancels: CANCELLED_ON_SUSPENSION.owner })),
    input.reason,
  );
  return { printer: await present(), orders };
}
