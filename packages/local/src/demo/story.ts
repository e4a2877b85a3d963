import {
  calculateShipping,
  cancelOrder,
  chooseShipping,
  claimResponseInput,
  claimWindowDaysOf,
  confirmReceived,
  createReview,
  createReviewInput,
  type ExpiryConfig,
  expiryFromEnv,
  getJob,
  type JobRecord,
  type JobStatus,
  markNotificationRead,
  type OrderDeps,
  openClaim,
  openClaimInput,
  openThread,
  paymentIntentFor,
  postMessageInput,
  postOrderMessage,
  priceProposalInput,
  proposalBounds,
  proposePrice,
  publishSubmitted,
  releaseHeldEarnings,
  respondInput,
  respondToClaim,
  respondToOrder,
  type Store,
  saveDraft,
  saveDraftInput,
  submitOrder,
  submitOrderInput,
  syncPaymentIntent,
  systemClock,
  tableShippingRates,
  updateOrderInput,
  updateOrderStatus,
  whyNoProposal,
} from "@printhood/core";
import { createEventPublisher } from "@printhood/functions/lib/events";
import { stripeFromEnv } from "@printhood/functions/lib/stripe";
import { DEMO_CUSTOMER, DEMO_OWNERS } from "../seed.ts";
import { EVENT_BUS_NAME, type LocalStack, TEST_CONFIRM_PATH } from "../stack.ts";
import { designStl } from "./designs.ts";
import { defectPhoto, finishedPartPhoto, measuredPartPhoto, type PartLook } from "./photos.ts";
import { type Party, STORY, type Step, type StoryOrder, TRACKING, type When } from "./plan.ts";
import { uploadDemoDesign, uploadDemoPhoto } from "./uploads.ts";

/**
 * Carries out the demo story (plan.ts) on a running local stack, for `npm start` after the demo
 * accounts and printers exist (seedDemoData). Every step is the call the product's own route makes,
 * with the step's time as the order flows' clock: the customer's designs and the owners' photos go
 * through the bucket and the real processing, cards through the Stripe stand-in's confirm as the
 * browser's test-card form sends them, and events through the bus, so the bells, the e-mails and the
 * ledger are the product's own.
 *
 * Finishing what is missing, like seedDemoData: each order is found by its file name among the demo
 * customer's, and each of its steps is skipped when already done (its status reached, its message
 * posted, its review or claim there), so a start stopped half way is finished by the next one. Once
 * the whole story is told (and the people have read what is more than a day old, `catchUp`) a
 * marker is written and later starts do nothing, even after people changed the demo orders (a
 * deleted saved print stays deleted).
 */

/** The marker (a counter: the story's version once told). A later version of the story may add what it lacks. */
const MARKER = "demoStory";
const STORY_VERSION = 1;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const DEMO_CARD = {
  cardNumber: "4242424242424242",
  name: `${DEMO_CUSTOMER.firstName} ${DEMO_CUSTOMER.lastName}`,
  email: DEMO_CUSTOMER.email,
};

/** Called after each step the story carries out; `orderDone` after an order's last one. */
export type StoryStep = (step: string, orderDone: boolean) => void | Promise<void>;

interface Cast {
  customerId: string;
  printers: Map<string, { printerId: string; ownerId: string }>;
}

interface Teller {
  stack: LocalStack;
  base: OrderDeps;
  cast: Cast;
  expiry: Required<ExpiryConfig>;
  /** The story's "now": every step is this many days before it. */
  anchor: number;
  /** The designs of the prints not saved yet, sent ahead (their analyses are the story's longest waits): upload ids by file. */
  designs: Map<string, Promise<string>>;
}

/** True once the story has been told on this data. */
export async function demoStoryTold(store: Store): Promise<boolean> {
  const { data } = await store.entities.counters.get({ name: MARKER }).go({ consistent: true });
  return (data?.value ?? 0) >= STORY_VERSION;
}

/**
 * Tells the demo story on `stack` (whatever of it is missing), then waits for the stack to settle
 * (photos processed, webhooks and events delivered) and marks it told. `steps`: how many it carried out.
 */
export async function seedDemoStory(stack: LocalStack, afterStep?: StoryStep): Promise<{ seeded: boolean; steps: number }> {
  const { store } = stack;
  if (await demoStoryTold(store)) return { seeded: false, steps: 0 };
  const expiry = expiryFromEnv();
  const teller: Teller = {
    stack,
    base: {
      store,
      events: createEventPublisher(EVENT_BUS_NAME),
      payments: stripeFromEnv().payments,
      clock: systemClock,
      expiry,
      shipping: tableShippingRates,
    },
    cast: await castOf(store),
    expiry: { unpaidHours: expiry.unpaidHours, unacceptedHours: expiry.unacceptedHours, claimWindowDays: claimWindowDaysOf(expiry) },
    anchor: Date.now(),
    designs: new Map(),
  };
  await sendDesignsAhead(teller);
  let steps = 0;
  for (const order of STORY) steps += await tellOrder(teller, order, afterStep);
  // Earnings whose claim window has closed are freed as the schedule's sweep frees them.
  await releaseHeldEarnings({ store, clock: systemClock });
  // The notifications and e-mails the steps' events make.
  await stack.idle();
  await catchUp(teller);
  await store.entities.counters.update({ name: MARKER }).set({ value: STORY_VERSION }).go();
  return { seeded: steps > 0, steps };
}

/**
 * What the demo people have read by now: threads and notifications more than a day old, read as
 * the site reads them (opening the thread, a click on the notification); the last day's stay new.
 */
async function catchUp(t: Teller): Promise<void> {
  const { store } = t.base;
  const before = new Date(t.anchor - DAY_MS).toISOString();
  const people = [t.cast.customerId, ...new Set([...t.cast.printers.values()].map((p) => p.ownerId))];
  for (const userId of people) {
    const { data } = await store.entities.notifications.query
      .unread({ unreadFor: userId })
      .go({ pages: "all", attributes: ["notificationId", "createdAt"] });
    for (const n of data) if (n.createdAt < before) await markNotificationRead(store, userId, n.notificationId);
  }
  for (const order of STORY) {
    const job = await findOrder(store, t.cast.customerId, order.file);
    const thread = job ? (await store.entities.threads.get({ jobId: job.jobId }).go()).data : null;
    if (!job || !thread || thread.lastMessageAt >= before) continue;
    for (const party of ["customer", "owner"] as const) await openThread(store, personOf(t, order, party), job.jobId);
  }
}

/**
 * Sends the designs of the prints not saved yet all at once, so their analyses run side by side
 * while the story goes on; each save then waits for its own. (A design sent before a start was
 * stopped is sent again: an unused upload harms nothing.)
 */
async function sendDesignsAhead(t: Teller): Promise<void> {
  for (const order of STORY) {
    if (await findOrder(t.base.store, t.cast.customerId, order.file)) continue;
    const sent = uploadDemoDesign(t.base.store, t.cast.customerId, order.file, designStl(order.file, order.design));
    // Failures are reported by the save that waits for it; until then they are not "unhandled".
    sent.catch(() => undefined);
    t.designs.set(order.file, sent);
  }
}

/** The demo customer's and owners' ids, and each demo printer's id and owner, by name. */
async function castOf(store: Store): Promise<Cast> {
  const idOf = async (email: string) => {
    const { data } = await store.entities.uniques.get({ kind: "email", value: email.toLowerCase() }).go({ consistent: true });
    if (!data) throw new Error(`the demo story needs the demo account ${email} (seedDemoData first)`);
    return data.userId;
  };
  const printers = new Map<string, { printerId: string; ownerId: string }>();
  for (const owner of DEMO_OWNERS) {
    const ownerId = await idOf(owner.email);
    const { data } = await store.entities.printers.query.byOwner({ ownerId }).go({ pages: "all" });
    for (const p of data) printers.set(p.name, { printerId: p.printerId, ownerId });
  }
  return { customerId: await idOf(DEMO_CUSTOMER.email), printers };
}

/** The status each status-changing step leaves the order in. */
function statusAfter(step: Step): JobStatus | null {
  switch (step.do) {
    case "save":
      return "draft";
    case "submit":
      return "submitted";
    case "pay":
      return "confirmed";
    case "accept":
      return "accepted";
    case "reject":
      return "rejected";
    case "cancel":
      return "cancelled";
    case "step":
      return step.to;
    default:
      return null;
  }
}

async function findOrder(store: Store, customerId: string, file: string): Promise<JobRecord | null> {
  const { data } = await store.entities.jobs.query
    .byCustomer({ customerId })
    .where((a, o) => o.eq(a.fileName, file))
    .go({ pages: "all" });
  return data[0] ?? null;
}

/** One order's steps that are not done yet; the number carried out. */
async function tellOrder(t: Teller, order: StoryOrder, afterStep?: StoryStep): Promise<number> {
  const { store } = t.base;
  let job = await findOrder(store, t.cast.customerId, order.file);
  const path = order.steps.map(statusAfter).filter((s): s is JobStatus => s !== null);
  if (job && !path.includes(job.status)) {
    // It went its own way meanwhile (expired before a restart finished the story): left as it is.
    console.log(`demo story: ${order.file} is ${job.status}, not on its way; left as it is`);
    return 0;
  }
  let last = job ? Date.parse(job.updatedAt) : 0;
  let done = 0;
  const times = plannedTimes(t, order);
  const pending: { step: Step; planned: number }[] = [];
  for (const [i, step] of order.steps.entries())
    if (!(await isDone(t, order, job, path, step))) pending.push({ step, planned: times[i] ?? t.anchor });
  for (const [i, { step, planned }] of pending.entries()) {
    // At its planned time, after the order's last step and never in the future.
    const at = Math.min(Date.now(), Math.max(planned, last + 1000));
    await perform(t, order, job, step, { ...t.base, clock: () => new Date(at) });
    job = await findOrder(store, t.cast.customerId, order.file);
    last = at;
    done++;
    await afterStep?.(`story ${order.file}: ${describe(step)}`, i === pending.length - 1);
  }
  return done;
}

const timeOf = (t: Teller, when: When) => t.anchor - (typeof when === "function" ? when(t.expiry) : when) * DAY_MS;

/**
 * When each of the order's steps happens: its planned time, moved earlier by up to an hour (never
 * past half the time since the step before), so steps planned whole days apart do not all fall at
 * the same minute of the day. The same for every run of the story (drawn from the file's name).
 */
function plannedTimes(t: Teller, order: StoryOrder): number[] {
  let seed = [...order.file].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, 7);
  const draw = () => {
    seed = (seed * 1_103_515_245 + 12_345) >>> 0;
    return seed / 2 ** 32;
  };
  const planned = order.steps.map((step) => timeOf(t, step.at));
  return planned.map((at, i) => {
    const gap = i === 0 ? DAY_MS : at - (planned[i - 1] ?? at);
    return at - Math.floor(draw() * Math.max(0, Math.min(HOUR_MS, gap / 2)));
  });
}

function describe(step: Step): string {
  if (step.do === "step") return step.to.replace(/_/g, " ");
  if (step.do === "message") return `message from the ${step.from}`;
  return step.do;
}

async function isDone(t: Teller, order: StoryOrder, job: JobRecord | null, path: JobStatus[], step: Step): Promise<boolean> {
  if (!job) return false;
  const status = statusAfter(step);
  if (status) return path.indexOf(job.status) >= path.indexOf(status);
  const { store } = t.base;
  switch (step.do) {
    case "received":
      return !!job.receivedAt;
    case "review":
      return !!(await store.entities.reviews.get({ jobId: job.jobId }).go()).data;
    case "claim":
      return !!job.claimId;
    case "dispute": {
      const claim = job.claimId ? (await store.entities.claims.get({ claimId: job.claimId }).go({ consistent: true })).data : null;
      return !!claim && claim.status !== "awaiting_owner";
    }
    case "message": {
      const senderId = personOf(t, order, step.from);
      const { data } = await store.entities.messages.query.primary({ jobId: job.jobId }).go({ pages: "all" });
      return data.some((m) => m.senderId === senderId && m.text === step.text);
    }
    case "propose":
      // Proposed already, or nothing to propose (no range, or the order moved on).
      return !!job.priceProposal || whyNoProposal(job) !== null;
    default:
      return false;
  }
}

function printerOf(t: Teller, order: StoryOrder) {
  const printer = order.printer ? t.cast.printers.get(order.printer) : undefined;
  if (!printer) throw new Error(`the demo story's ${order.file} needs the demo printer "${order.printer}"`);
  return printer;
}

const personOf = (t: Teller, order: StoryOrder, party: Party) => (party === "customer" ? t.cast.customerId : printerOf(t, order).ownerId);

const lookOf = (order: StoryOrder): PartLook => ({ title: order.file, color: order.color, shape: order.look });

/** One step, as its route does it: the same core call with the same validated input. */
async function perform(t: Teller, order: StoryOrder, job: JobRecord | null, step: Step, deps: OrderDeps): Promise<void> {
  const { store } = deps;
  const customerId = t.cast.customerId;
  if (step.do === "save") {
    const uploadId = await (t.designs.get(order.file) ??
      uploadDemoDesign(store, customerId, order.file, designStl(order.file, order.design)));
    const input = saveDraftInput.parse({
      uploadId,
      material: order.material,
      filamentColor: order.color,
      deliveryMethod: order.delivery,
      ...(order.instructions ? { specialInstructions: order.instructions } : {}),
      printSettings: { quality: 0.2, infill: order.infill ?? 20, supports: "auto" },
      ...(order.printer ? { printerId: printerOf(t, order).printerId } : {}),
    });
    await saveDraft(store, customerId, input, deps.clock);
    return;
  }
  if (!job) throw new Error(`the demo story's ${order.file} has no saved print to ${step.do}`);
  const jobId = job.jobId;
  const ownerId = () => printerOf(t, order).ownerId;
  switch (step.do) {
    case "submit": {
      const input = submitOrderInput.parse({
        printerId: printerOf(t, order).printerId,
        draftId: jobId,
        filamentColor: order.color,
        deliveryMethod: order.delivery,
        ...(order.instructions ? { specialInstructions: order.instructions } : {}),
      });
      const submitted = await submitOrder(store, customerId, input, { unpaidHours: deps.expiry.unpaidHours, clock: deps.clock });
      await publishSubmitted(deps.events, submitted.job, submitted.printer, customerId);
      return;
    }
    case "pay":
      return pay(t, order, job, deps);
    case "accept":
    case "reject":
      await respondToOrder(
        deps,
        ownerId(),
        jobId,
        respondInput.parse({ action: step.do, ...(step.message ? { message: step.message } : {}) }),
      );
      return;
    case "cancel":
      await cancelOrder(deps, customerId, jobId);
      return;
    case "propose": {
      // The top of the order's range (the customer's answer is left to whoever signs in as Casey).
      const bounds = proposalBounds(job);
      if (!bounds || bounds.highCents === job.pricing.totalCents) return;
      await proposePrice(deps, ownerId(), jobId, priceProposalInput.parse({ totalCents: bounds.highCents, reason: step.reason }));
      return;
    }
    case "step": {
      const extra =
        step.to === "completed"
          ? {
              photoIds: [
                await uploadDemoPhoto(store, ownerId(), await finishedPartPhoto(lookOf(order)), {
                  fileName: "finished-part.jpg",
                  purpose: "completion",
                }),
              ],
            }
          : step.to === "shipped"
            ? TRACKING
            : {};
      await updateOrderStatus(deps, ownerId(), jobId, updateOrderInput.parse({ status: step.to, ...extra }));
      return;
    }
    case "received":
      await confirmReceived(deps, customerId, jobId);
      return;
    case "review":
      await createReview(deps, customerId, jobId, createReviewInput.parse({ rating: step.rating, comment: step.comment }));
      return;
    case "claim": {
      const photoIds: string[] = [];
      for (const [i, caption] of step.captions.entries())
        photoIds.push(
          await uploadDemoPhoto(store, customerId, await defectPhoto(lookOf(order), caption), {
            fileName: `claim-${i + 1}.jpg`,
            purpose: "claim",
          }),
        );
      const input = openClaimInput.parse({ reason: step.reason, description: step.description, photoIds, remedy: step.remedy });
      await openClaim(deps, customerId, jobId, input);
      return;
    }
    case "dispute": {
      if (!job.claimId) throw new Error(`the demo story's ${order.file} has no claim to dispute`);
      const photo = await measuredPartPhoto(lookOf(order), step.reading, step.caption);
      const photoIds = [await uploadDemoPhoto(store, ownerId(), photo, { fileName: "before-pickup.jpg", purpose: "claim" })];
      await respondToClaim(deps, ownerId(), job.claimId, claimResponseInput.parse({ action: "dispute", message: step.message, photoIds }));
      return;
    }
    case "message": {
      const { message } = postMessageInput.parse({ message: step.text });
      await postOrderMessage(store, deps.events, jobId, personOf(t, order, step.from), message, { clock: deps.clock });
      return;
    }
  }
}

/**
 * Checkout as the browser does it: the shipping option (a shipping order), the order's payment
 * intent, and the test card posted to the site's confirm path, which the Stripe stand-in confirms.
 * The stand-in's webhooks are held meanwhile and the payment is applied at once by the function
 * its consumer runs (syncPaymentIntent) with the step's clock, so the order is paid when the story
 * says; the webhook then arrives and finds nothing left to do, as a duplicate would.
 */
async function pay(t: Teller, order: StoryOrder, job: JobRecord, deps: OrderDeps): Promise<void> {
  const customerId = t.cast.customerId;
  if (order.delivery === "shipping" && !job.shipping) {
    const zipTo = order.shipTo ?? DEMO_CUSTOMER.zipCode;
    const quote = await calculateShipping(deps.store, deps.shipping, {
      weightGrams: job.estimatedWeight,
      zipTo,
      printerId: printerOf(t, order).printerId,
    });
    if (!quote.defaultOptionId) throw new Error(`no shipping option for the demo story's ${order.file}`);
    await chooseShipping(deps, customerId, job.jobId, { zipTo, optionId: quote.defaultOptionId });
  }
  const intent = await paymentIntentFor(deps, customerId, { orderId: job.jobId });
  const release = intent.status === "requires_capture" ? () => {} : t.stack.stripe.holdWebhooks();
  try {
    if (intent.status !== "requires_capture") {
      const res = await fetch(`${t.stack.url}${TEST_CONFIRM_PATH}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ clientSecret: intent.clientSecret, ...DEMO_CARD }),
      });
      if (!res.ok) throw new Error(`the test card was refused for the demo story's ${order.file}: ${await res.text()}`);
    }
    const outcome = await syncPaymentIntent(deps, intent.paymentIntentId, `demo-story-${intent.paymentIntentId}`);
    if (outcome !== "confirmed" && outcome !== "unchanged") throw new Error(`the demo story's payment for ${order.file} was ${outcome}`);
  } finally {
    release();
  }
  const paid = await getJob(deps.store, job.jobId);
  if (paid?.status !== "confirmed") throw new Error(`the demo story's ${order.file} is ${paid?.status} after its payment`);
}
