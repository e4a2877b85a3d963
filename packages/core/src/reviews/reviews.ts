import { createHash } from "node:crypto";
import type { EntityItem } from "electrodb";
import { z } from "zod";
import type { ReviewEntity } from "../db/entities/review.ts";
import type { Store } from "../db/store.ts";
import { transact } from "../db/transact.ts";
import type { EventPublisher } from "../events/publisher.ts";
import { namesOf, type PersonName } from "../messages/present.ts";
import { publishOrderFeedback } from "../orders/feedback.ts";
import { loadOrderFor } from "../orders/load.ts";
import { firstPageOnly, keyPage, mapPage, type Page, type PageAsk } from "../paging/page.ts";
import { getPrinterRecord } from "../printers/list.ts";
import { fail } from "../shared/errors.ts";
import { HANDED_OVER_STATUSES, inGroup } from "../shared/job-groups.ts";
import type { JobStatus } from "../shared/lifecycle.ts";
import type { CreateReviewInput } from "./schemas.ts";

export type ReviewRecord = EntityItem<typeof ReviewEntity>;

const notYet = () => fail("not_reviewable_yet");

/** How a reviewer is shown publicly: first name and last initial, else the username. */
export function reviewerName(p: PersonName | undefined): string {
  const first = p?.firstName?.trim();
  const last = p?.lastName?.trim();
  if (first) return last ? `${first} ${last.charAt(0)}.` : first;
  return p?.username ?? "A customer";
}

export const reviewSchema = z
  .object({
    id: z.string(),
    jobId: z.string(),
    printerId: z.string(),
    rating: z.number().int().min(1).max(5),
    comment: z.string().nullable(),
    reviewerName: z.string().meta({ description: 'The customer as "First L." (never an email)' }),
    createdAt: z.string(),
  })
  .meta({ id: "Review" });
export const ownerReviewSchema = reviewSchema.extend({ printerName: z.string(), fileName: z.string() }).meta({ id: "OwnerReview" });
/** A review as anyone reads it on a printer's page: no order id (another person's order), an opaque id instead. */
export const publicReviewSchema = reviewSchema.omit({ jobId: true }).meta({ id: "PublicReview" });
export type PublicReview = z.infer<typeof publicReviewSchema>;

/** The public review's id: stable for the order's review, and no way back to the order. */
const publicReviewId = (jobId: string) => createHash("sha256").update(`printhood review\u0000${jobId}`).digest("hex").slice(0, 24);
function publicReview({ jobId, ...rest }: PresentedReview): PublicReview {
  return { ...rest, id: publicReviewId(jobId) };
}

export function presentReview(r: ReviewRecord, reviewer: PersonName | undefined): z.infer<typeof reviewSchema> {
  return {
    id: r.jobId,
    jobId: r.jobId,
    printerId: r.printerId,
    rating: r.rating,
    comment: r.comment ?? null,
    reviewerName: reviewerName(reviewer),
    createdAt: r.createdAt,
  };
}

export type PresentedReview = z.infer<typeof reviewSchema>;

/**
 * The customer rates the printer that made their order, once the part is in their hands
 * (picked up or shipped), once per order. `ref` is the order's id or number; who may see it is the
 * orders' one rule (`loadOrderFor`: a stranger gets the order's 404), and of those two only the
 * customer rates (the owner: 403). One transaction: the review (conditional on none for this
 * order), the printer's rating total and count (ADD, so the average is exact under any
 * concurrency) and a check that the order is still this customer's and reviewable.
 */
export async function createReview(
  deps: { store: Store; events: EventPublisher; clock?: () => Date },
  userId: string,
  ref: string,
  input: CreateReviewInput,
): Promise<PresentedReview> {
  const { store, clock = () => new Date() } = deps;
  const { job, printer, isCustomer } = await loadOrderFor(store, userId, ref);
  if (!isCustomer) throw fail("only_customer_reviews");
  if (!inGroup(HANDED_OVER_STATUSES, job.status)) throw notYet(); // the part is in the customer's hands
  if (!printer) throw fail("printer_gone");
  const jobId = job.jobId;

  const record: ReviewRecord = {
    jobId,
    printerId: printer.printerId,
    ownerId: printer.ownerId,
    customerId: userId,
    rating: input.rating,
    ...(input.comment ? { comment: input.comment } : {}),
    fileName: job.fileName,
    createdAt: clock().toISOString(),
  };
  const result = await transact(() =>
    store.service.transaction
      .write(({ reviews, printers, jobs }) => [
        reviews.create(record).commit(),
        printers.patch({ printerId: printer.printerId }).add({ ratingTotal: input.rating, totalReviews: 1 }).commit(),
        jobs
          .check({ jobId })
          .where(
            (a, o) => `${o.eq(a.customerId, userId)} AND (${HANDED_OVER_STATUSES.map((s: JobStatus) => o.eq(a.status, s)).join(" OR ")})`,
          )
          .commit(),
      ])
      .go(),
  );
  if (!result.ok) {
    if (result.failed.includes(0)) throw fail("already_reviewed");
    if (result.failed.includes(1)) throw fail("printer_gone");
    throw notYet();
  }
  // The owner hears of the rating (the bell and an e-mail).
  await publishOrderFeedback(deps.events, job, {
    ownerId: printer.ownerId,
    step: "reviewed",
    rating: input.rating,
    printerName: printer.name,
    at: record.createdAt,
  });
  const names = await namesOf(store, [userId]);
  return presentReview(record, names.get(userId));
}

/** The review of one order (by its id or number), for its customer or its printer's owner (null when none yet). */
export async function getOrderReview(store: Store, userId: string, ref: string): Promise<PresentedReview | null> {
  const { job } = await loadOrderFor(store, userId, ref);
  const review = (await store.entities.reviews.get({ jobId: job.jobId }).go()).data;
  if (!review) return null;
  return presentReview(review, (await namesOf(store, [review.customerId])).get(review.customerId));
}

const REVIEW_LIST_LIMIT = 100;

async function withNames(store: Store, reviews: ReviewRecord[]) {
  const names = await namesOf(
    store,
    reviews.map((r) => r.customerId),
  );
  return reviews.map((r) => presentReview(r, names.get(r.customerId)));
}

/** A printer's reviews, newest first, for anyone (reviewers shown as "First L.", no order ids). */
export async function listPrinterReviews(store: Store, printerId: string, ask?: PageAsk): Promise<Page<PublicReview>> {
  const printer = await getPrinterRecord(store, printerId);
  const page = await keyPage(
    ask ?? firstPageOnly(REVIEW_LIST_LIMIT),
    `reviews:printer:${printer.printerId}`,
    reviewPosition,
    async (after, n) => {
      const q = store.entities.reviews.query.byPrinter({ printerId: printer.printerId });
      const ranged = after ? q.lt({ createdAt: after.c, jobId: after.j }) : q;
      return (await ranged.go({ order: "desc", limit: n })).data;
    },
    (r) => ({ c: r.createdAt, j: r.jobId }),
  );
  return mapPage(page, async (rows) => (await withNames(store, rows)).map(publicReview));
}

/** Where a page of reviews ended: the last review's time and order (the index's sort key). */
const reviewPosition = z.strictObject({ c: z.string().max(40), j: z.string().max(60) });

/**
 * The reviews of all of an owner's printers, newest first, with the printer's name and the order's
 * file, a page at a time (issue 23): byOwner (gsi2) from where the last page ended.
 */
export async function listOwnerReviews(store: Store, ownerId: string, ask?: PageAsk): Promise<Page<z.infer<typeof ownerReviewSchema>>> {
  const page = await keyPage(
    ask ?? firstPageOnly(REVIEW_LIST_LIMIT),
    `reviews:owner:${ownerId}`,
    reviewPosition,
    async (after, n) => {
      const q = store.entities.reviews.query.byOwner({ ownerId });
      const ranged = after ? q.lt({ createdAt: after.c, jobId: after.j }) : q;
      return (await ranged.go({ order: "desc", limit: n })).data;
    },
    (r) => ({ c: r.createdAt, j: r.jobId }),
  );
  return mapPage(page, (rows) => withPrinterNames(store, rows));
}

/** Each review with its printer's name (one batch read for the page) and the order's file. */
async function withPrinterNames(store: Store, data: ReviewRecord[]) {
  const presented = await withNames(store, data);
  const printerIds = [...new Set(data.map((r) => r.printerId))];
  const printers = printerIds.length
    ? (await store.entities.printers.get(printerIds.map((printerId) => ({ printerId }))).go({ attributes: ["printerId", "name"] })).data
    : [];
  const names = new Map(printers.map((p) => [p.printerId, p.name]));
  return presented.map((r, i) => ({
    ...r,
    printerName: names.get(r.printerId) ?? "Printer no longer listed",
    fileName: data[i]?.fileName ?? "",
  }));
}
