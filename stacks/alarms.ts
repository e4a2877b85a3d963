import type { IHttpApi } from "aws-cdk-lib/aws-apigatewayv2";
import {
  Alarm,
  ComparisonOperator,
  type IAlarmAction,
  type IMetric,
  MathExpression,
  Metric,
  TreatMissingData,
} from "aws-cdk-lib/aws-cloudwatch";
import { Duration, type Stack } from "aws-cdk-lib/core";
import { METRIC_DIMENSIONS, METRICS, type MetricName, metricNamespace } from "../packages/core/src/ops/metrics";
import { APP_NAME, deadLetterQueueName, deadLetterServices, functionName, functionServices } from "../packages/core/src/ops/resources";
import type { StageSettings } from "./stage";

/**
 * The alarms of issue 24 point 3, each pointing at its section of the runbook (docs/operations.md:
 * what it means, how to look, what to do). Every metric is found by name (our functions, queues and
 * figures are named by core/ops/resources.ts and core/ops/metrics.ts); only the API's id comes from
 * its stack. The thresholds are here, with why.
 */

/** The runbook's sections, by the heading that explains each alarm (stacks/test checks they exist). */
export const RUNBOOK = {
  api5xx: "API 5xx rate",
  apiLatency: "API p99 latency",
  functionErrors: "Function errors",
  functionThrottles: "Function throttles",
  deadLetters: "Dead letters",
  analysisFailures: "Analysis failure rate",
  webhookFailures: "Webhook verification failures",
  captureFailures: "Payment capture failures",
  emailReputation: "E-mail bounces and complaints",
} as const;

export const RUNBOOK_PATH = "docs/operations.md";

/** GitHub's anchor for a heading: "E-mail bounces and complaints" → "e-mail-bounces-and-complaints". */
export const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, "")
    .replace(/ /g, "-");

/** At least this share of the API's answers being 5xx over 5 minutes (with at least MIN_REQUESTS answers)… */
export const API_5XX_PERCENT = 5;
const MIN_REQUESTS = 10;
/** …or its slowest 1 % of answers slower than this for 15 minutes: a page makes several calls; seconds each is broken. */
export const API_P99_MS = 2500;
/** Half the analyses failing (at least 5 in 5 minutes): people's files fail sometimes, not half of them. */
export const ANALYSIS_FAILURE_PERCENT = 50;
const MIN_ANALYSES = 5;
/** More refused webhooks than verified ones in an hour (at least 3): Stripe's own deliveries stopped verifying. */
const MIN_REFUSED_WEBHOOKS = 3;
/** Half the rates at which SES puts an account under review (5 % bounces, 0.1 % complaints). */
export const SES_BOUNCE_RATE = 0.025;
export const SES_COMPLAINT_RATE = 0.0005;

const FIVE_MINUTES = Duration.minutes(5);

export interface AlarmsInput {
  settings: StageSettings;
  httpApi: IHttpApi;
  action: IAlarmAction;
}

/** One of our figures (core/ops/metrics.ts) in the stage's namespace. */
export function figure(stage: string, name: MetricName, statistic = "Sum", period = FIVE_MINUTES): Metric {
  return new Metric({ namespace: metricNamespace(stage), metricName: name, dimensionsMap: { ...METRIC_DIMENSIONS }, statistic, period });
}

export const lambdaMetric = (stage: string, service: string, metricName: "Errors" | "Throttles") =>
  new Metric({
    namespace: "AWS/Lambda",
    metricName,
    dimensionsMap: { FunctionName: functionName(stage, service) },
    statistic: "Sum",
    period: FIVE_MINUTES,
  });

export const deadLetterDepth = (stage: string, service: string) =>
  new Metric({
    namespace: "AWS/SQS",
    metricName: "ApproximateNumberOfMessagesVisible",
    dimensionsMap: { QueueName: deadLetterQueueName(stage, service) },
    statistic: "Maximum",
    period: FIVE_MINUTES,
  });

export const sesReputation = (metricName: "Reputation.BounceRate" | "Reputation.ComplaintRate") =>
  new Metric({ namespace: "AWS/SES", metricName, statistic: "Maximum", period: Duration.hours(1) });

export function defineAlarms(stack: Stack, { settings, httpApi, action }: AlarmsInput): Alarm[] {
  const { stage } = settings;
  const alarms: Alarm[] = [];
  const alarm = (
    key: string,
    section: keyof typeof RUNBOOK,
    what: string,
    metric: IMetric,
    threshold: number,
    periods: { evaluate: number; toAlarm: number } = { evaluate: 1, toAlarm: 1 },
  ) => {
    const a = new Alarm(stack, `Alarm_${key}`, {
      alarmName: `${stage}-${APP_NAME}-${key}`,
      alarmDescription: `${what} Runbook: ${RUNBOOK_PATH}#${anchorOf(RUNBOOK[section])}`,
      metric,
      threshold,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: periods.evaluate,
      datapointsToAlarm: periods.toAlarm,
      // No data is no requests, no failures, no letters: nothing wrong.
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    a.addAlarmAction(action);
    a.addOkAction(action);
    alarms.push(a);
  };

  alarm(
    "api-5xx-rate",
    "api5xx",
    `At least ${API_5XX_PERCENT} % of the API's answers were 5xx in 2 of the last 3 five-minute periods.`,
    new MathExpression({
      expression: `IF(requests >= ${MIN_REQUESTS}, 100 * errors / requests, 0)`,
      usingMetrics: {
        errors: httpApi.metricServerError({ period: FIVE_MINUTES }),
        requests: httpApi.metricCount({ period: FIVE_MINUTES }),
      },
      label: "API 5xx (%)",
      period: FIVE_MINUTES,
    }),
    API_5XX_PERCENT,
    { evaluate: 3, toAlarm: 2 },
  );
  alarm(
    "api-p99-latency",
    "apiLatency",
    `The API's p99 latency was at least ${API_P99_MS} ms for 15 minutes.`,
    httpApi.metricLatency({ statistic: "p99", period: FIVE_MINUTES }),
    API_P99_MS,
    { evaluate: 3, toAlarm: 3 },
  );
  for (const service of functionServices()) {
    alarm(
      `${service}-errors`,
      "functionErrors",
      `The ${service} function failed (an error, a crash or a timeout).`,
      lambdaMetric(stage, service, "Errors"),
      1,
    );
    alarm(
      `${service}-throttles`,
      "functionThrottles",
      `Lambda throttled the ${service} function.`,
      lambdaMetric(stage, service, "Throttles"),
      1,
    );
  }
  for (const service of deadLetterServices()) {
    alarm(
      `${service}-dlq-depth`,
      "deadLetters",
      `Dead letters wait in ${deadLetterQueueName(stage, service)}.`,
      deadLetterDepth(stage, service),
      1,
    );
  }
  alarm(
    "analysis-failure-rate",
    "analysisFailures",
    `At least ${ANALYSIS_FAILURE_PERCENT} % of the uploaded designs failed their analysis in 2 of the last 3 five-minute periods.`,
    new MathExpression({
      expression: `IF(finished + failed >= ${MIN_ANALYSES}, 100 * failed / (finished + failed), 0)`,
      usingMetrics: { finished: figure(stage, METRICS.analysesFinished), failed: figure(stage, METRICS.analysesFailed) },
      label: "Analyses failed (%)",
      period: FIVE_MINUTES,
    }),
    ANALYSIS_FAILURE_PERCENT,
    { evaluate: 3, toAlarm: 2 },
  );
  alarm(
    "webhook-verification-failures",
    "webhookFailures",
    "More Stripe webhook deliveries were refused (bad signature) than verified in the last hour.",
    new MathExpression({
      expression: `IF(refused >= ${MIN_REFUSED_WEBHOOKS} AND refused > verified, 1, 0)`,
      usingMetrics: {
        refused: figure(stage, METRICS.webhooksRefused, "Sum", Duration.hours(1)),
        verified: figure(stage, METRICS.webhooksVerified, "Sum", Duration.hours(1)),
      },
      label: "Webhooks mostly refused",
      period: Duration.hours(1),
    }),
    1,
  );
  alarm(
    "payment-capture-failures",
    "captureFailures",
    "An owner accepted an order and its payment could not be captured.",
    figure(stage, METRICS.paymentCaptureFailures),
    1,
  );
  alarm(
    "ses-bounce-rate",
    "emailReputation",
    `SES's bounce rate for the account reached ${SES_BOUNCE_RATE * 100} %.`,
    sesReputation("Reputation.BounceRate"),
    SES_BOUNCE_RATE,
  );
  alarm(
    "ses-complaint-rate",
    "emailReputation",
    `SES's complaint rate for the account reached ${SES_COMPLAINT_RATE * 100} %.`,
    sesReputation("Reputation.ComplaintRate"),
    SES_COMPLAINT_RATE,
  );
  return alarms;
}
