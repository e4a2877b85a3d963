import { Entity } from "electrodb";
import { JOB_STATUSES, STAFF_CANCEL_REASONS } from "../../shared/lifecycle.ts";
import { SUPPORT_VALUES } from "../../shared/options.ts";
import { PAYMENT_STATUSES, PRICE_PROPOSAL_STATUSES } from "../../shared/payment-status.ts";
import { DELIVERY_METHODS } from "../../shared/pricing.ts";
import { UPLOAD_FORMATS } from "../../shared/uploads.ts";
import { keys, SERVICE } from "./common.ts";

/** The print settings of a job and of each of its parts. */
const printSettingsProperties = {
  quality: { type: "number", required: true },
  infill: { type: "number", required: true },
  supports: { type: SUPPORT_VALUES, required: true },
  numberOfColors: { type: "number", required: true },
  printTimeMinutes: { type: "number", required: true },
  scale: { type: "number", required: true },
} as const;

/**
 * A print job. Created as `draft` (a saved print) by its customer; becomes an order when
 * submitted (`draft → submitted`) and then follows the lifecycle table in jobs/lifecycle.ts.
 * Every status change is a conditional write on the current status. Money is integer cents.
 *
 * `printerId` is the printer chosen so far (a draft may have one); `orderPrinterId` is set only
 * when the job is submitted, so the printer's index lists orders and never customers' drafts.
 * `orderOwnerId` (set with it) is that printer's owner, a copy that never changes (a printer keeps
 * its owner), so an order's page reads the printer and its owner's name together; orders made
 * before it was kept read the printer first. Who may see an order is still decided on the printer.
 */
export const JobEntity = new Entity({
  model: { entity: "job", version: "1", service: SERVICE },
  attributes: {
    jobId: { type: "string", required: true, readOnly: true },
    customerId: { type: "string", required: true, readOnly: true },
    printerId: { type: "string" },
    orderPrinterId: { type: "string" },
    orderOwnerId: { type: "string" },
    uploadId: { type: "string", required: true },
    fileName: { type: "string", required: true },
    fileSize: { type: "number", required: true },
    fileFormat: { type: UPLOAD_FORMATS, required: true },
    material: { type: "string", required: true },
    filamentColor: { type: "string", required: true },
    printSettings: { type: "map", required: true, properties: printSettingsProperties },
    /**
     * The project's parts (issue 22), each with its copies, settings, measurements and price line.
     * The job's own file, settings and figures are then the first part's file name ("bracket.stl +
     * 2 more"), the first part's settings and the totals of every copy. Jobs saved before projects
     * have no list: they are one part, one copy (jobs/parts.ts partsOf).
     */
    parts: {
      type: "list",
      items: {
        type: "map",
        properties: {
          uploadId: { type: "string", required: true },
          fileName: { type: "string", required: true },
          fileSize: { type: "number", required: true },
          fileFormat: { type: UPLOAD_FORMATS, required: true },
          quantity: { type: "number", required: true },
          material: { type: "string", required: true },
          filamentColor: { type: "string", required: true },
          printSettings: { type: "map", required: true, properties: printSettingsProperties },
          /** One copy's grams, minutes and colours, from the server's analysis. */
          estimatedWeight: { type: "number", required: true },
          estimatedFromSize: { type: "boolean", required: true },
          printTimeMinutes: { type: "number", required: true },
          numberOfColors: { type: "number", required: true },
          boundingBox: { type: "map", properties: { x: { type: "number" }, y: { type: "number" }, z: { type: "number" } } },
          /** One copy's print cost, the line before the discount, the discount and the line's total (cents). */
          unitCents: { type: "number", required: true },
          grossCents: { type: "number", required: true },
          discountPercent: { type: "number", required: true },
          discountCents: { type: "number", required: true },
          lineTotalCents: { type: "number", required: true },
          /** The part's picture, rendered from its mesh by the analysis (uploads' thumbnailId). */
          thumbnailId: { type: "string" },
        },
      },
    },
    deliveryMethod: { type: DELIVERY_METHODS, required: true },
    specialInstructions: { type: "string" },
    /** Grams, from the server's analysis (or the size-based fallback when it failed). */
    estimatedWeight: { type: "number", required: true },
    /** True when the weight is the size-based fallback (the analysis failed). */
    estimatedFromSize: { type: "boolean", required: true, default: false },
    printTimeMinutes: { type: "number", required: true },
    numberOfColors: { type: "number", required: true },
    /** mm after the chosen scale: x, y, z (absent when the analysis failed). */
    boundingBox: { type: "map", properties: { x: { type: "number" }, y: { type: "number" }, z: { type: "number" } } },
    pricing: {
      type: "map",
      required: true,
      properties: {
        filamentCostPer1000gCents: { type: "number", required: true },
        materialCostCents: { type: "number", required: true },
        basePrintCostCents: { type: "number", required: true },
        multicolorPremiumCents: { type: "number", required: true },
        timePremiumCents: { type: "number", required: true },
        /** Absent on orders priced before quantity discounts (0). */
        quantityDiscountCents: { type: "number" },
        subtotalCents: { type: "number", required: true },
        platformFeeCents: { type: "number", required: true },
        printerProfitCents: { type: "number", required: true },
        customerPaysCents: { type: "number", required: true },
        deliveryFeeCents: { type: "number", required: true },
        totalCents: { type: "number", required: true },
        weightTier: { type: "string", required: true },
        /** What an agreed price adjustment added to (or took from) the subtotal (price-proposals/rules.ts). */
        priceAdjustmentCents: { type: "number" },
      },
    },
    /**
     * The print's price (before delivery, cents) at both ends of the estimate's range, kept on
     * submission: the owner may propose a price within it (price-proposals/). Absent for the
     * size-based estimate and for orders submitted before it was kept.
     */
    printPriceRange: { type: "map", properties: { lowCents: { type: "number" }, highCents: { type: "number" } } },
    /** The owner's latest proposal of an adjusted price and the customer's answer (price-proposals/). */
    priceProposal: {
      type: "map",
      properties: {
        totalCents: { type: "number", required: true },
        previousTotalCents: { type: "number", required: true },
        reason: { type: "string", required: true },
        /** awaiting_payment: the customer accepted a price above the card's hold and is paying a new hold for it. */
        status: { type: PRICE_PROPOSAL_STATUSES, required: true },
        /** The new hold's PaymentIntent (a price above the old hold); it replaces the order's once authorised. */
        intentId: { type: "string" },
        proposedAt: { type: "string", required: true },
        answeredAt: { type: "string" },
        /** How many the owner has made on this order (PRICE_PROPOSALS_PER_ORDER). */
        count: { type: "number", required: true },
      },
    },
    status: { type: JOB_STATUSES, required: true, default: "draft" },
    createdAt: { type: "string", required: true, readOnly: true },
    updatedAt: { type: "string", required: true },
    submittedAt: { type: "string" },
    confirmedAt: { type: "string" },
    acceptedAt: { type: "string" },
    rejectedAt: { type: "string" },
    printingStartedAt: { type: "string" },
    completedAt: { type: "string" },
    readyAt: { type: "string" },
    pickedUpAt: { type: "string" },
    shippedAt: { type: "string" },
    cancelledAt: { type: "string" },
    /** Picked up or shipped: until then the customer may open a claim, and the owner's earning is held. */
    claimWindowEndsAt: { type: "string" },
    /** The customer confirmed receipt ("Received, looks good"): the owner's earning is freed then. */
    receivedAt: { type: "string" },
    /** Photos of the finished part the owner sent with Mark Complete (photos/, purpose completion). */
    completionPhotoIds: { type: "list", items: { type: "string" } },
    /** What refunds on a claim took back from the owner's earning (claims/settle.ts; shared/earnings.ts `earnedFromOrder`). */
    earningsReversedCents: { type: "number" },
    /**
     * Refunds of part of the payment recorded as owed (staff's refund by hand, a claim's) that Stripe
     * has not yet confirmed: added with the refund's task, taken off when it lands or is refused
     * (payments/worker.ts), so what is left to refund never counts the same money twice.
     */
    refundsOwedCents: { type: "number" },
    /** The order's one claim under the money-back guarantee (set with the claim, conditional on none). */
    claimId: { type: "string" },
    /**
     * The order's short public number (shown as PH-10423), given on submission; unique and never
     * reused (refs/numbers.ts). Absent on drafts.
     */
    orderNumber: { type: "number" },
    /**
     * When an unpaid or unaccepted order expires (ISO). Mirrors its `deadline` item, which the
     * sweep queries; cleared when the order moves on. (Not `expiresAt`: that is the table's TTL
     * attribute, and DynamoDB would delete the order itself.)
     */
    dueAt: { type: "string" },
    /** Why an order was cancelled or rejected: the customer, expiry, a failed capture, the owner's words. */
    cancelReason: { type: ["customer", "expired_unpaid", "expired_unaccepted", "payment_failed", ...STAFF_CANCEL_REASONS] as const },
    ownerMessage: { type: "string" },
    /**
     * Print minutes this order added to its printer's `queueMinutes` when it was accepted (every
     * copy), taken off again when it leaves the queue (orders/move.ts); absent while not queued.
     */
    queuedMinutes: { type: "number" },
    /**
     * The lists that are short by nature (issue 23): `draft:{customerId}` while a draft (Saved
     * Prints), `open:{printerId}` while an order is not finished (the owner's requests and queue);
     * removed when it is (orders/active-index.ts). With `activeAt` (the time it entered the list and
     * the job's id) it is the sparse index byActive (gsi3), newest first.
     */
    activeKey: { type: "string" },
    activeAt: { type: "string" },
    /** True once the order is counted in its printer's `openOrders` (from submission on). */
    countedOpen: { type: "boolean" },
    /** Counted in the customer's saved prints (limits/rules.ts SAVED_PRINTS) while a draft. */
    countedDraft: { type: "boolean" },
    /** Counted in the customer's unpaid orders (UNPAID_ORDERS) while submitted. */
    countedUnpaid: { type: "boolean" },
    /** The held payment, as last seen (Stripe is the truth; this is what the answers show). */
    payment: {
      type: "map",
      properties: {
        intentId: { type: "string", required: true },
        status: { type: PAYMENT_STATUSES, required: true },
        amountCents: { type: "number", required: true },
        authorizedAt: { type: "string" },
        capturedAt: { type: "string" },
        releasedAt: { type: "string" },
        refundedAt: { type: "string" },
        refundedCents: { type: "number" },
        /** Held on the card when it was authorised, when a lower agreed price was captured (amountCents is then what was captured). */
        authorizedCents: { type: "number" },
      },
    },
    /** The shipping option the customer chose at checkout (server-quoted; shipping orders only). */
    shipping: {
      type: "map",
      properties: {
        optionId: { type: "string", required: true },
        carrier: { type: "string", required: true },
        service: { type: "string", required: true },
        description: { type: "string", required: true },
        costCents: { type: "number", required: true },
        zipFrom: { type: "string", required: true },
        zipTo: { type: "string", required: true },
        zone: { type: "number", required: true },
        billableGrams: { type: "number", required: true },
      },
    },
    /** Recorded when a shipping order is marked shipped. */
    carrier: { type: "string" },
    trackingNumber: { type: "string" },
  },
  indexes: {
    primary: {
      ...keys.primary,
      pk: { ...keys.primary.pk, composite: ["jobId"] },
      sk: { ...keys.primary.sk, composite: [] },
    },
    byCustomer: {
      ...keys.gsi1,
      pk: { ...keys.gsi1.pk, composite: ["customerId"] },
      sk: { ...keys.gsi1.sk, composite: ["createdAt", "jobId"] },
    },
    /** Sparse: only submitted jobs (orders) have `orderPrinterId` and `submittedAt` (GSI keys need not be unique). */
    byPrinter: {
      ...keys.gsi2,
      pk: { ...keys.gsi2.pk, composite: ["orderPrinterId"] },
      sk: { ...keys.gsi2.sk, composite: ["submittedAt"] },
    },
    /** Sparse: drafts by customer and unfinished orders by printer (`activeKey`), newest first. */
    byActive: {
      ...keys.gsi3,
      pk: { ...keys.gsi3.pk, composite: ["activeKey"] },
      sk: { ...keys.gsi3.sk, composite: ["activeAt"] },
    },
  },
});
