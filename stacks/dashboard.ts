import type { IHttpApi } from "aws-cdk-lib/aws-apigatewayv2";
import {
  type Alarm,
  AlarmStatusWidget,
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  TextWidget,
} from "aws-cdk-lib/aws-cloudwatch";
import { Duration, type Stack } from "aws-cdk-lib/core";
import { METRICS, type MetricName, metricNamespace, ROUTE_DIMENSION } from "../packages/core/src/ops/metrics";
import { API_SERVICE, APP_NAME, deadLetterServices, functionServices, logGroupName } from "../packages/core/src/ops/resources";
import { deadLetterDepth, figure, lambdaMetric, RUNBOOK_PATH, sesReputation } from "./alarms";

/**
 * The one CloudWatch dashboard of a stage (issue 24 point 3): the API, the business figures and
 * the queues, with every alarm's state. Business graphs add up by the hour; the API's by 5 minutes.
 */
const HOUR = Duration.hours(1);
const WIDTH = 8;

const graph = (title: string, left: IMetric[], right: IMetric[] = [], period?: Duration) =>
  new GraphWidget({ title, left, right, width: WIDTH, height: 6, ...(period ? { period } : {}) });

/** Every route's count of one HTTP figure (the metric has a route dimension: core/ops/metrics.ts). */
const byRoute = (stage: string, name: MetricName) =>
  new MathExpression({
    expression: `SEARCH('{${metricNamespace(stage)},service,${ROUTE_DIMENSION}} MetricName="${name}"', 'Sum', 300)`,
    label: name,
    period: Duration.minutes(5),
  });

export function defineDashboard(stack: Stack, { stage, httpApi, alarms }: { stage: string; httpApi: IHttpApi; alarms: Alarm[] }) {
  const f = (name: MetricName, label?: string, statistic = "Sum") => figure(stage, name, statistic, HOUR).with({ label: label ?? name });
  const counts = (named: [MetricName, string][]) => named.map(([name, label]) => f(name, label));
  const dollars = (name: MetricName, label: string) => {
    const id = name.toLowerCase(); // one id per graph: each expression names its own metric
    return new MathExpression({ expression: `${id} / 100`, usingMetrics: { [id]: f(name) }, label, period: HOUR });
  };
  const five = Duration.minutes(5);
  const dashboard = new Dashboard(stack, "Dashboard", { dashboardName: `${stage}-${APP_NAME}`, defaultInterval: Duration.days(1) });
  dashboard.addWidgets(
    new TextWidget({
      markdown: [
        `# Printhood · ${stage}`,
        `Alarms and what to do: \`${RUNBOOK_PATH}\`. A request by its reference (the site's "Reference: …"): Logs Insights on \`${logGroupName(stage, API_SERVICE)}\`, \`filter requestId = "…"\`.`,
      ].join("\n\n"),
      width: 24,
      height: 2,
    }),
  );
  dashboard.addWidgets(
    graph("API requests", [
      httpApi.metricCount({ period: five, statistic: "Sum" }).with({ label: "requests" }),
      httpApi.metricClientError({ period: five, statistic: "Sum" }).with({ label: "4xx" }),
      httpApi.metricServerError({ period: five, statistic: "Sum" }).with({ label: "5xx" }),
    ]),
    graph(
      "API latency (ms)",
      ["p50", "p90", "p99"].map((statistic) => httpApi.metricLatency({ period: five, statistic }).with({ label: statistic })),
    ),
    graph("API errors by route", [byRoute(stage, METRICS.http5xx), byRoute(stage, METRICS.http4xx)]),
  );
  dashboard.addWidgets(
    graph(
      "Orders",
      counts([
        [METRICS.ordersSubmitted, "submitted"],
        [METRICS.ordersPaid, "paid"],
        [METRICS.ordersAccepted, "accepted"],
        [METRICS.ordersRejected, "rejected"],
        [METRICS.ordersCompleted, "completed"],
        [METRICS.ordersCancelled, "cancelled"],
        [METRICS.ordersExpired, "expired"],
      ]),
      [],
      HOUR,
    ),
    graph(
      "Payments",
      counts([
        [METRICS.paymentsCaptured, "captured"],
        [METRICS.paymentsRefunded, "refunded"],
        [METRICS.paymentsFailed, "failed"],
        [METRICS.paymentCaptureFailures, "capture failures"],
      ]),
      [dollars(METRICS.paymentsCapturedCents, "captured (USD)"), dollars(METRICS.paymentsRefundedCents, "refunded (USD)")],
      HOUR,
    ),
    graph("Claims opened", [f(METRICS.claimsOpened, "claims opened")], [], HOUR),
  );
  dashboard.addWidgets(
    graph(
      "Design analyses",
      [f(METRICS.analysesFinished, "finished"), f(METRICS.analysesFailed, "failed")],
      [f(METRICS.analysisDuration, "p50 ms", "p50"), f(METRICS.analysisDuration, "p99 ms", "p99")],
      HOUR,
    ),
    graph("Stripe webhooks", [f(METRICS.webhooksVerified, "verified"), f(METRICS.webhooksRefused, "refused")], [], HOUR),
    graph(
      "E-mails",
      [f(METRICS.emailsSent, "sent"), f(METRICS.emailsFailed, "failed")],
      [
        sesReputation("Reputation.BounceRate").with({ label: "SES bounce rate" }),
        sesReputation("Reputation.ComplaintRate").with({ label: "SES complaint rate" }),
      ],
      HOUR,
    ),
  );
  dashboard.addWidgets(
    graph(
      "Dead letters waiting",
      deadLetterServices().map((s) => deadLetterDepth(stage, s).with({ label: s })),
    ),
    graph(
      "Function errors",
      functionServices().map((s) => lambdaMetric(stage, s, "Errors").with({ label: s })),
    ),
    graph(
      "Function throttles",
      functionServices().map((s) => lambdaMetric(stage, s, "Throttles").with({ label: s })),
    ),
  );
  dashboard.addWidgets(new AlarmStatusWidget({ title: "Alarms", alarms, width: 24, height: Math.ceil(alarms.length / 4) + 1 }));
  return dashboard;
}
