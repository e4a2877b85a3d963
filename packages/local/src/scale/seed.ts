import { randomUUID } from "node:crypto";
import { addToTallies, geocodeZip, LISTED_COUNTER, NEARBY_COUNTER, placeKeys, type Store } from "@printhood/core";
import { DEMO_PASSWORD, ensureAccount } from "../seed.ts";
import {
  type JobRecord,
  listingTotals,
  type PrinterRecord,
  random,
  type ScaleOwner,
  scaleLedgerEntry,
  scaleOrder,
  scalePrinter,
  scaleReview,
} from "./records.ts";

/**
 * The scale data (issue 23 point 3; `npm run seed:scale`, `npm run bench:scale`): printers at
 * real US ZIP centroids, each verified, most with a review; `scale-customer@printhood.local` with
 * 5,000 orders and `scale-owner@printhood.local` with those 5,000 jobs on one printer in Loveland
 * and their earnings in the ledger (password printhood-demo), one of them a thread of 2,000 messages; the rest of the orders spread
 * over a thousand other customers and the printers. Batch writes, side by side, with progress.
 */
export const SCALE_CUSTOMER = "scale-customer@printhood.local";
export const SCALE_OWNER = "scale-owner@printhood.local";
/** The scale customer's orders, all on the scale owner's printer; this many of them still open. */
const SCALE_ORDERS = 5000;
const SCALE_OPEN = 40;
const THREAD_MESSAGES = 2000;
const FILLER_CUSTOMERS = 1000;
const PRINTERS_PER_FILLER_OWNER = 10;
/** Batches in flight at once (25 items each, DynamoDB's batch size). */
const CONCURRENCY = 8;

let started = Date.now();
const progress = (what: string, done: number, total: number) =>
  process.stdout.write(
    `\r  ${what}: ${done.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} (${((Date.now() - started) / 1000).toFixed(0)} s)   `,
  );

/** Writes `items` with `put` in slices, CONCURRENCY batches of 25 at a time, printing progress. */
async function putAll<T>(what: string, items: T[], put: (slice: T[]) => Promise<unknown>) {
  const slice = 25 * CONCURRENCY * 4;
  for (let i = 0; i < items.length; i += slice) {
    await put(items.slice(i, i + slice));
    progress(what, Math.min(items.length, i + slice), items.length);
  }
  if (items.length) process.stdout.write("\n");
}

/** Whole numbers `count` long from a counter (refs/numbers.ts): one ADD for the block. */
async function numbers(store: Store, kind: "order" | "printer", count: number): Promise<number[]> {
  const { data } = await store.entities.counters
    .update({ name: `seq#${kind}` })
    .add({ value: count })
    .go({ response: "all_new" });
  const last = Number(data.value);
  return Array.from({ length: count }, (_, i) => last - count + 1 + i);
}

async function fillerUsers(store: Store, count: number, kind: "customer" | "printer_owner") {
  const run = Date.now().toString(36);
  const users = Array.from({ length: count }, (_, i) => ({
    userId: randomUUID(),
    email: `scale-${kind === "customer" ? "buyer" : "maker"}-${run}-${i}@printhood.local`,
    username: `scale_${kind === "customer" ? "buyer" : "maker"}_${run}_${i}`,
    firstName: kind === "customer" ? "Buyer" : "Maker",
    lastName: String(i + 1),
    // No password can match: these accounts exist to own and order, not to sign in.
    passwordHash: "!scale-seed",
    userType: kind,
    createdAt: new Date().toISOString(),
  }));
  const { users: u, uniques } = store.entities;
  await putAll(`${kind === "customer" ? "customers" : "owners"}`, users, async (slice) => {
    await u.put(slice).go({ concurrency: CONCURRENCY });
    await uniques
      .put(
        slice.flatMap((x) => [
          { kind: "email" as const, value: x.email, userId: x.userId },
          { kind: "username" as const, value: x.username, userId: x.userId },
        ]),
      )
      .go({ concurrency: CONCURRENCY });
  });
  return users;
}

export interface ScaleData {
  customerId: string;
  ownerId: string;
  /** The scale owner's printer (all the scale customer's orders) and the order with the long thread. */
  printerId: string;
  threadJobId: string;
}

/** Adds the scale data to `store`; null when it is there already (the scale owner has a printer). */
export async function seedScale(store: Store, counts: { printers: number; orders: number }): Promise<ScaleData | null> {
  started = Date.now();
  const printerCount = counts.printers;
  const orderCount = Math.max(counts.orders, SCALE_ORDERS);
  {
    const step = async () => {};
    const customerId = await ensureAccount(
      store,
      { email: SCALE_CUSTOMER, username: "scale_customer", firstName: "Scale", lastName: "Customer" },
      step,
    );
    const scaleOwner = { username: "scale_owner", firstName: "Scale", lastName: "Owner" };
    const ownerId = await ensureAccount(store, { email: SCALE_OWNER, ...scaleOwner, userType: "printer_owner" }, step);
    const { data: already } = await store.entities.printers.query.byOwner({ ownerId }).go({ limit: 1 });
    if (already.length) {
      console.log(`The scale data is already there (${SCALE_OWNER} has a printer). Start from fresh local data to seed it again.`);
      return null;
    }
    console.log(
      `Adding ${printerCount.toLocaleString("en-US")} printers and ${orderCount.toLocaleString("en-US")} orders to local mode's data...`,
    );
    const r = random(23);
    const at = new Date().toISOString();
    const owners = await fillerUsers(store, Math.ceil(printerCount / PRINTERS_PER_FILLER_OWNER), "printer_owner");
    const customers = (await fillerUsers(store, FILLER_CUSTOMERS, "customer")).map((c) => c.userId);

    // The printers, the scale owner's first, in Loveland (the demo's region).
    const printerNumbers = await numbers(store, "printer", printerCount + 1);
    const printers: PrinterRecord[] = [];
    const home = geocodeZip("80537");
    const scalePrinterRecord = scalePrinter(0, { userId: ownerId, ...scaleOwner }, printerNumbers[0] as number, r, at);
    printers.push({
      ...scalePrinterRecord,
      name: "Scale Owner's Prusa",
      city: "Loveland",
      state: "CO",
      zipCode: "80537",
      latitude: home?.latitude ?? 40.4,
      longitude: home?.longitude ?? -105.1,
    });
    for (let i = 0; i < printerCount; i++)
      printers.push(
        scalePrinter(i + 1, owners[Math.floor(i / PRINTERS_PER_FILLER_OWNER)] as ScaleOwner, printerNumbers[i + 1] as number, r, at),
      );
    // Its place keys follow the point it was moved to.
    Object.assign(printers[0] as object, placeKeys(printers[0] as PrinterRecord));

    // The orders: the scale customer's on the scale printer, the rest one per printer in turn.
    const orderNumbers = await numbers(store, "order", orderCount);
    const jobs: JobRecord[] = [];
    const scale = printers[0] as PrinterRecord & { printerId: string; pricePerGram: number };
    for (let i = 0; i < SCALE_ORDERS; i++) {
      jobs.push(
        scaleOrder(customerId, { ...scale, ownerId }, orderNumbers[i] as number, (SCALE_ORDERS - i) * 37, i >= SCALE_ORDERS - SCALE_OPEN),
      );
    }
    for (let i = SCALE_ORDERS; i < orderCount; i++) {
      const p = printers[1 + ((i - SCALE_ORDERS) % printerCount)] as PrinterRecord & {
        printerId: string;
        ownerId: string;
        pricePerGram: number;
      };
      jobs.push(scaleOrder(customers[i % FILLER_CUSTOMERS] as string, p, orderNumbers[i] as number, 60 + (i % 50_000), false));
    }
    const ownerOf = new Map(printers.map((p) => [p.printerId as string, p]));
    const reviews = jobs
      .filter((j) => j.status === "picked_up")
      .map((j) => scaleReview(j, (ownerOf.get(j.orderPrinterId as string)?.ownerId as string) ?? ownerId, 3 + Math.floor(r() * 3)));
    // Each printer's review and job figures, as the reviews' own writes keep them.
    for (const rv of reviews) {
      const p = ownerOf.get(rv.printerId) as { ratingTotal: number; totalReviews: number };
      p.ratingTotal += rv.rating;
      p.totalReviews += 1;
    }
    for (const j of jobs) {
      const p = ownerOf.get(j.orderPrinterId as string) as { totalJobs: number; openOrders: number };
      p.totalJobs += 1;
      if (j.status !== "picked_up") p.openOrders += 1;
    }

    const e = store.entities;
    await putAll("printers", printers, (s) => e.printers.put(s).go({ concurrency: CONCURRENCY }));
    await putAll("printer numbers", printers, (s) =>
      e.refNumbers
        .put(s.map((p) => ({ kind: "printer" as const, number: p.printerNumber as number, targetId: p.printerId as string })))
        .go({ concurrency: CONCURRENCY }),
    );
    // The counts of listed printers per cell and the landing page's counters: one ADD each.
    const deltas = listingTotals(printers);
    const adds = [
      ...deltas.cells.map(
        ({ parent, cell, ...add }) =>
          () =>
            e.cellCounts.update({ parent, cell }).add(add).go(),
      ),
      () => e.counters.update({ name: LISTED_COUNTER }).add({ value: deltas.listed }).go(),
      () => e.counters.update({ name: NEARBY_COUNTER }).add({ value: deltas.nearby }).go(),
    ];
    await putAll("cell counts", adds, (s) => Promise.all(s.map((add) => add())));
    await putAll("orders", jobs, (s) => e.jobs.put(s).go({ concurrency: CONCURRENCY }));
    await putAll("order numbers", jobs, (s) =>
      e.refNumbers
        .put(s.map((j) => ({ kind: "order" as const, number: j.orderNumber as number, targetId: j.jobId as string })))
        .go({ concurrency: CONCURRENCY }),
    );
    await putAll("reviews", reviews, (s) => e.reviews.put(s).go({ concurrency: CONCURRENCY }));
    // The scale owner's earnings: a ledger entry per order and the balance they add up to (one ADD).
    const entries = jobs.slice(0, SCALE_ORDERS).map((j) => scaleLedgerEntry(j, ownerId));
    await putAll("ledger entries", entries, (s) => e.ledgerEntries.put(s).go({ concurrency: CONCURRENCY }));
    const inState = (status: string) => entries.filter((x) => x.status === status).reduce((sum, x) => sum + x.ownerEarningsCents, 0);
    await e.balances
      .update({ ownerId })
      .add({ pendingCents: inState("pending"), availableCents: inState("available") })
      .go();
    // Every tally's scope is new (new printers and customers, the scale accounts' first orders): put, not ADD.
    const tallies = [...addToTallies(jobs)].map(([scope, t]) => ({ scope, ...t }));
    await putAll("order tallies", tallies, (s) => e.orderTallies.put(s as { scope: string }[]).go({ concurrency: CONCURRENCY }));

    // A thread of 2,000 messages on the scale customer's newest order.
    const threadJob = jobs[SCALE_ORDERS - 1] as JobRecord;
    const messages = Array.from({ length: THREAD_MESSAGES }, (_, i) => {
      const fromCustomer = i % 2 === 0;
      return {
        jobId: threadJob.jobId as string,
        messageId: randomUUID(),
        senderId: fromCustomer ? customerId : ownerId,
        senderType: fromCustomer ? ("customer" as const) : ("printer" as const),
        text: fromCustomer
          ? `Question ${i / 2 + 1}: could the walls be a little thicker?`
          : `Answer ${(i + 1) / 2}: yes, I will print them at 1.2 mm.`,
        sentAt: new Date(Date.now() - (THREAD_MESSAGES - i) * 60_000).toISOString(),
      };
    });
    await putAll("messages", messages, (s) => e.messages.put(s).go({ concurrency: CONCURRENCY }));
    const last = messages[messages.length - 1] as (typeof messages)[number];
    await e.threads
      .put({
        jobId: threadJob.jobId as string,
        customerId,
        ownerId,
        printerId: scale.printerId,
        fileName: threadJob.fileName as string,
        messageCount: THREAD_MESSAGES,
        lastMessageId: last.messageId,
        lastMessageAt: last.sentAt,
        lastMessage: last.text,
        lastSenderId: last.senderId,
        customerUnread: 0,
        ownerUnread: 0,
      })
      .go();
    console.log(
      `Done in ${((Date.now() - started) / 1000).toFixed(0)} s. Sign in as ${SCALE_CUSTOMER} or ${SCALE_OWNER} (password ${DEMO_PASSWORD}); ` +
        `the thread of ${THREAD_MESSAGES} messages is order #${threadJob.orderNumber}.`,
    );
    return { customerId, ownerId, printerId: scale.printerId, threadJobId: threadJob.jobId as string };
  }
}
