import { z } from "zod";
import { DETAIL_TYPES } from "../events/rules.ts";
import { APP_NAME } from "./resources.ts";

/**
 * The figures the business and the operators watch (issue 24): their CloudWatch names, in one
 * list read by the functions that emit them (Powertools Metrics, embedded metric format:
 * `packages/functions/src/lib/observability.ts`) and by the stacks that alarm on them and draw them
 * (`stacks/Monitoring.ts`), so an alarm can never watch a name nothing emits (architecture rule 8).
 *
 * Every metric is in the stage's namespace (`metricNamespace`) with one dimension,
 * `service: printhood` (`METRIC_DIMENSIONS`): the figures are the product's, whichever function
 * counts them. The HTTP counts also carry the route (`ROUTE_DIMENSION`).
 *
 * Where each is counted:
 * - orders and payments: the metrics consumer of the domain events (`businessMetricsOf` below,
 *   `packages/functions/src/events/metrics.ts`), once per event (an event receipt makes a second
 *   delivery count nothing);
 * - `PaymentCaptureFailures`: the API, when it answers `capture_failed` (an owner accepted and the
 *   hold could not be captured);
 * - analyses: the analysis handler (finished or failed, and how long it took);
 * - webhooks: the Stripe webhook route (signature verified or refused);
 * - e-mails: the SES mailer (sent or failed);
 * - `Http4xx` / `Http5xx`: the API's request middleware, by route;
 * - `ClaimsOpened`: the metrics consumer, from `claim.changed` with the step `opened` (claims/events.ts).
 */
export const METRICS = {
  ordersSubmitted: "OrdersSubmitted",
  ordersPaid: "OrdersPaid",
  ordersAccepted: "OrdersAccepted",
  ordersRejected: "OrdersRejected",
  ordersCompleted: "OrdersCompleted",
  ordersCancelled: "OrdersCancelled",
  ordersExpired: "OrdersExpired",
  paymentsCaptured: "PaymentsCaptured",
  paymentsCapturedCents: "PaymentsCapturedCents",
  paymentsRefunded: "PaymentsRefunded",
  paymentsRefundedCents: "PaymentsRefundedCents",
  paymentsFailed: "PaymentsFailed",
  paymentCaptureFailures: "PaymentCaptureFailures",
  claimsOpened: "ClaimsOpened",
  analysesFinished: "AnalysesFinished",
  analysesFailed: "AnalysesFailed",
  analysisDuration: "AnalysisDuration",
  webhooksVerified: "WebhooksVerified",
  webhooksRefused: "WebhooksRefused",
  emailsSent: "EmailsSent",
  emailsFailed: "EmailsFailed",
  http4xx: "Http4xx",
  http5xx: "Http5xx",
} as const;

export type MetricName = (typeof METRICS)[keyof typeof METRICS];

/** CloudWatch units we use (the names are CloudWatch's own). */
export type MetricUnitName = "Count" | "Milliseconds" | "None";

export interface MetricPoint {
  name: MetricName;
  value: number;
  unit: MetricUnitName;
}

/** The dimension every metric carries (Powertools' `service`, set to the product's name rather than a function's). */
export const METRIC_DIMENSIONS = { service: APP_NAME } as const;

/** The dimension of the HTTP counts: the route as declared, e.g. `POST /api/print-jobs/:id/respond`. */
export const ROUTE_DIMENSION = "route";

/** Each stage's figures apart: `Printhood/prod`, `Printhood/staging`, `Printhood/alice`. */
export const metricNamespace = (stage: string) => `Printhood/${stage}`;

const count = (name: MetricName, value = 1): MetricPoint => ({ name, value, unit: "Count" });

const statusChange = z.looseObject({
  to: z.string().nullish(),
  status: z.string().nullish(),
  action: z.string().nullish(),
  reason: z.string().nullish(),
});

const paymentChange = z.looseObject({
  kind: z.string(),
  amountCents: z.number().int().nonnegative().nullish(),
});

/** An order's new status → the figure it counts (an expiry is a cancellation the system made for want of payment or an answer). */
function orderMetric(d: z.infer<typeof statusChange>): MetricName | null {
  const to = d.to ?? d.status;
  if (to === "cancelled") return d.action === "expire" || d.reason === "expired" ? METRICS.ordersExpired : METRICS.ordersCancelled;
  const byStatus: Record<string, MetricName> = {
    submitted: METRICS.ordersSubmitted,
    confirmed: METRICS.ordersPaid,
    accepted: METRICS.ordersAccepted,
    rejected: METRICS.ordersRejected,
    completed: METRICS.ordersCompleted,
    expired: METRICS.ordersExpired,
  };
  return (to && byStatus[to]) || null;
}

/**
 * What one domain event counts (the metrics consumer emits these). Pure: the event's detail-type
 * and detail in, the figures out; anything it does not know counts nothing.
 */
export function businessMetricsOf(event: { "detail-type": string; detail: unknown }): MetricPoint[] {
  if (event["detail-type"] === DETAIL_TYPES.jobStatusChanged) {
    const d = statusChange.safeParse(event.detail);
    const name = d.success ? orderMetric(d.data) : null;
    return name ? [count(name)] : [];
  }
  if (event["detail-type"] === DETAIL_TYPES.paymentChanged) {
    const d = paymentChange.safeParse(event.detail);
    if (!d.success) return [];
    const cents = d.data.amountCents ?? 0;
    if (d.data.kind === "captured")
      return [count(METRICS.paymentsCaptured), { name: METRICS.paymentsCapturedCents, value: cents, unit: "None" }];
    if (d.data.kind === "refunded")
      return [count(METRICS.paymentsRefunded), { name: METRICS.paymentsRefundedCents, value: cents, unit: "None" }];
    if (d.data.kind === "failed") return [count(METRICS.paymentsFailed)];
  }
  if (event["detail-type"] === DETAIL_TYPES.claimChanged) {
    const step = (event.detail as { step?: unknown } | null)?.step;
    return step === "opened" ? [count(METRICS.claimsOpened)] : [];
  }
  return [];
}
