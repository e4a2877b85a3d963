/**
 * Domain events and the rules that route them (architecture rule 8). stacks/Events.ts builds
 * EventBridge rules from this list and packages/local's bus matches the same list, so the
 * cloud and local mode cannot drift. A consumer is named by its handler module path under
 * packages/functions/src (the stack turns it into a Lambda; the local bus imports it).
 */
export const EVENT_SOURCE = "printhood";

export const DETAIL_TYPES = {
  uploadAnalyzed: "upload.analyzed",
  jobStatusChanged: "job.status_changed",
  messageSent: "message.sent",
  stripeWebhook: "stripe.webhook",
  /** A held payment changed: authorised, failed, captured, released or refunded (payments/events.ts). */
  paymentChanged: "payment.changed",
  /** A payout was requested, transferred or failed (ledger/payouts.ts). */
  payoutChanged: "payout.changed",
  /** A claim under the money-back guarantee was opened, answered, accepted, declined or decided (claims/events.ts). */
  claimChanged: "claim.changed",
  /** The owner proposed an adjusted price, or the customer accepted or declined it (price-proposals/events.ts). */
  priceProposalChanged: "order.price_proposal",
  /** Staff approved a printer's quality test or asked for a new attempt (verification/decide.ts). */
  verificationDecided: "printer.verification_decided",
  /** The customer confirmed receipt of an order or rated its printer (orders/feedback.ts). */
  orderFeedback: "order.feedback",
  /** Staff refunded part or all of an order by hand (staff/refund-notice.ts). */
  staffRefund: "order.staff_refund",
  /** Staff closed a refund Stripe refused for good, without paying it (staff/close-owed.ts). */
  refundClosed: "order.refund_closed",
  /** A card hold given back because the order's total changed at checkout after the card was confirmed (payments/hold-released.ts). */
  holdReleased: "order.hold_released",
} as const;

export type DetailType = (typeof DETAIL_TYPES)[keyof typeof DETAIL_TYPES];

export interface EventRule {
  /** Stable id, used as the CDK construct id and in logs. */
  id: string;
  /** EventBridge pattern subset we use: exact source and a list of detail-types. */
  pattern: { source: string[]; "detail-type": string[] };
  /** Handler path relative to the repo root, "file.export" as SST expects. */
  handler: string;
  /** The consumer sends e-mail: the stack grants it SES SendEmail on the sender identity. */
  sendsEmail?: boolean;
}

export const EVENT_RULES: EventRule[] = [
  {
    id: "notifyOnJobStatus",
    pattern: { source: [EVENT_SOURCE], "detail-type": [DETAIL_TYPES.jobStatusChanged] },
    handler: "packages/functions/src/events/notify.handler",
    sendsEmail: true,
  },
  {
    // Verified Stripe webhooks: re-read the PaymentIntent and confirm (or release) the order.
    id: "syncPaymentOnStripeWebhook",
    pattern: { source: [EVENT_SOURCE], "detail-type": [DETAIL_TYPES.stripeWebhook] },
    handler: "packages/functions/src/events/payments.handler",
  },
  {
    id: "notifyOnMessage",
    pattern: { source: [EVENT_SOURCE], "detail-type": [DETAIL_TYPES.messageSent] },
    handler: "packages/functions/src/events/notify.handler",
    sendsEmail: true,
  },
  {
    // The owner hears staff's decision on their printer's quality test (the bell and an e-mail).
    id: "notifyOnVerification",
    pattern: { source: [EVENT_SOURCE], "detail-type": [DETAIL_TYPES.verificationDecided] },
    handler: "packages/functions/src/events/notify.handler",
    sendsEmail: true,
  },
  {
    // Both sides hear each step of a claim under the money-back guarantee (the bell and an e-mail).
    id: "notifyOnClaim",
    pattern: { source: [EVENT_SOURCE], "detail-type": [DETAIL_TYPES.claimChanged] },
    handler: "packages/functions/src/events/notify.handler",
    sendsEmail: true,
  },
  {
    // The customer hears of an adjusted price, the owner of the answer (the bell and an e-mail).
    id: "notifyOnPriceProposal",
    pattern: { source: [EVENT_SOURCE], "detail-type": [DETAIL_TYPES.priceProposalChanged] },
    handler: "packages/functions/src/events/notify.handler",
    sendsEmail: true,
  },
  {
    // The owner hears that the customer has the part ("Received, looks good") or rated the printer.
    id: "notifyOnFeedback",
    pattern: { source: [EVENT_SOURCE], "detail-type": [DETAIL_TYPES.orderFeedback] },
    handler: "packages/functions/src/events/notify.handler",
    sendsEmail: true,
  },
  {
    // Both sides hear of a refund staff made by hand: money moved (the bell and an e-mail); the
    // customer hears too when staff close one that Stripe refused for good, and when a card hold
    // is given back because the order's total changed at checkout.
    id: "notifyOnStaffRefund",
    pattern: { source: [EVENT_SOURCE], "detail-type": [DETAIL_TYPES.staffRefund, DETAIL_TYPES.refundClosed, DETAIL_TYPES.holdReleased] },
    handler: "packages/functions/src/events/notify.handler",
    sendsEmail: true,
  },
  {
    // The business figures (orders submitted, paid, accepted…; payments captured, refunded,
    // failed) as CloudWatch metrics, counted in this one place once per event (ops/metrics.ts).
    id: "countBusinessMetrics",
    pattern: {
      source: [EVENT_SOURCE],
      "detail-type": [DETAIL_TYPES.jobStatusChanged, DETAIL_TYPES.paymentChanged, DETAIL_TYPES.claimChanged],
    },
    handler: "packages/functions/src/events/metrics.handler",
  },
];

/**
 * Work that runs on a clock rather than on an event: in AWS a scheduled EventBridge rule
 * (stacks/Events.ts), in local mode a timer (packages/local), both from this list.
 */
export interface Schedule {
  id: string;
  /** Handler path relative to the repo root, "file.export". */
  handler: string;
  everyMinutes: number;
  sendsEmail?: boolean;
}

export const SCHEDULES: Schedule[] = [
  {
    /** Sends "you have an unread message" e-mails that have come due (email/reminders.ts). */
    id: "emailSweep",
    handler: "packages/functions/src/events/email-sweep.handler",
    everyMinutes: 1,
    sendsEmail: true,
  },
  {
    /** Cancels orders nobody paid or accepted in time and releases their holds (orders/expire.ts). */
    id: "expirySweep",
    handler: "packages/functions/src/events/expiry-sweep.handler",
    everyMinutes: 5,
  },
  {
    /** Carries out money still owed (refunds, releases, captures, payouts) until Stripe confirms (payments/worker.ts). */
    id: "moneySweep",
    handler: "packages/functions/src/events/money-sweep.handler",
    everyMinutes: 1,
  },
  {
    /** Frees owners' held earnings whose claim window closed without a claim (ledger/held.ts). */
    id: "heldEarningsSweep",
    handler: "packages/functions/src/events/held-earnings-sweep.handler",
    everyMinutes: 10,
  },
];

/** The envelope EventBridge delivers to a target (the fields our consumers read). */
export interface EventEnvelope<T = unknown> {
  version: "0";
  id: string;
  "detail-type": string;
  source: string;
  account: string;
  time: string;
  region: string;
  resources: string[];
  detail: T;
}

/** True when an event matches a rule's pattern (the subset of EventBridge matching we use). */
export function matches(rule: EventRule, event: { source: string; "detail-type": string }): boolean {
  return rule.pattern.source.includes(event.source) && rule.pattern["detail-type"].includes(event["detail-type"]);
}
