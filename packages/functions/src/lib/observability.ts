import { AsyncLocalStorage } from "node:async_hooks";
import { Logger, type LogItem } from "@aws-lambda-powertools/logger";
import { Metrics, type MetricUnit } from "@aws-lambda-powertools/metrics";

type Unit = (typeof MetricUnit)[keyof typeof MetricUnit];

import type { Tracer } from "@aws-lambda-powertools/tracer";
import { setLogSink } from "@printhood/core/ops/log";
import { METRIC_DIMENSIONS, type MetricName, type MetricPoint, metricNamespace } from "@printhood/core/ops/metrics";
import { redactJson } from "./redact.ts";

/**
 * The one wrapper of Powertools for AWS Lambda (issue 24; DESIGN.md "Operations"): the Logger, the
 * Metrics (CloudWatch embedded metric format) and the Tracer (X-Ray). Handlers, consumers and the
 * API get them from here, never from `console`.
 *
 * - Every line is one JSON object with the keys of the work in progress (`WorkKeys`: the request's
 *   reference, the route, the user, the event), kept per invocation in an AsyncLocalStorage, so the
 *   API's concurrent requests in local mode never lend each other their ids.
 * - Every line passes through `redactJson` (lib/redact.ts): no password, token, cookie, card
 *   number, Stripe secret, e-mail address or message text.
 * - Lines go to stdout in Lambda (CloudWatch Logs reads them, and extracts the metrics from the EMF
 *   lines); local mode sets a writer that keeps one file per function (packages/local/src/logs.ts).
 * - Core logs through its own port (core/src/ops/log.ts), wired here to the current logger.
 */

/** What every line of a piece of work carries (absent keys are left out). */
export interface WorkKeys {
  /** The API request's reference: API Gateway's request id (locally a UUID), sent back as `x-request-id`. */
  requestId?: string;
  /** The route as declared, `POST /api/print-jobs/:id/respond`. */
  route?: string;
  userId?: string;
  /** The EventBridge event being handled, and its detail-type. */
  eventId?: string;
  detailType?: string;
  /** Lambda's own id of the invocation (its START/END/REPORT lines). */
  functionRequestId?: string;
  /** The first invocation of this function in this process. */
  coldStart?: boolean;
  /** An upload being analysed. */
  uploadId?: string;
}

interface Work {
  service: string;
  keys: WorkKeys;
}

const work = new AsyncLocalStorage<Work>();

/** Where each finished line goes: `service` is the function's name (api, analysis, notify…). */
export type LogWriter = (service: string, line: string) => void;
const toStdout: LogWriter = (_service, line) => void process.stdout.write(`${line}\n`);
let writer: LogWriter = toStdout;

/** Local mode sends the lines elsewhere (one file per function); `undefined` puts stdout back. */
export function setLogWriter(next: LogWriter | undefined): void {
  writer = next ?? toStdout;
}

/** The function this process runs in AWS (the stacks set it); local mode names each piece of work. */
const processService = () => process.env.POWERTOOLS_SERVICE_NAME || "printhood";
const currentService = () => work.getStore()?.service ?? processService();
const currentKeys = (): WorkKeys => work.getStore()?.keys ?? {};

/**
 * Powertools' Logger, printing through `writer` with the work's keys on every line. Printing is the
 * one thing changed (`printLog`, Powertools' documented extension point for subclasses): levels,
 * formatting, errors and the JSON replacer are Powertools' own.
 */
class WorkLogger extends Logger {
  constructor(private readonly service: string) {
    super({ serviceName: service, jsonReplacerFn: redactJson });
  }

  protected override printLog(_level: number, item: LogItem): void {
    item.prepareForPrint();
    const attributes = item.getAttributes();
    for (const [key, value] of Object.entries(currentKeys())) if (value !== undefined && !(key in attributes)) attributes[key] = value;
    writer(this.service, JSON.stringify(attributes, this.getJsonReplacer()));
  }
}

const loggers = new Map<string, WorkLogger>();

/** The Logger of one function (one per process in AWS; local mode runs them all in one). */
export function loggerFor(service: string): Logger {
  let logger = loggers.get(service);
  if (!logger) {
    logger = new WorkLogger(service);
    loggers.set(service, logger);
  }
  return logger;
}

/** The Logger of the work in progress (its function's), else of this process's function. */
export function getLogger(): Logger {
  return loggerFor(currentService());
}

// Core's few lines (a publish that failed after its write…) join the work in progress.
setLogSink((level, message, fields) => getLogger()[level](message, fields));

const started = new Set<string>();

/**
 * Runs one piece of work (a request, an event, a scheduled run) as `service` with `keys` on every
 * line it logs, including core's and those of the metrics it emits.
 */
export function runAs<T>(service: string, keys: WorkKeys, fn: () => T): T {
  const coldStart = !started.has(service);
  started.add(service);
  return work.run({ service, keys: { ...keys, coldStart } }, fn);
}

/** Adds keys to the work in progress from here on (the user once the session is read, the upload once found). */
export function addKeys(keys: WorkKeys): void {
  const current = work.getStore();
  if (current) Object.assign(current.keys, keys);
}

const metricsByService = new Map<string, Metrics>();

function metricsFor(service: string): Metrics {
  let metrics = metricsByService.get(service);
  if (!metrics) {
    // The stacks set POWERTOOLS_METRICS_NAMESPACE to the stage's (core/ops/metrics.ts).
    // Figures are the product's, not one function's: `service` is the product's name (core/ops/metrics.ts).
    metrics = new Metrics({
      namespace: process.env.POWERTOOLS_METRICS_NAMESPACE || metricNamespace("local"),
      defaultDimensions: { ...METRIC_DIMENSIONS },
    });
    metricsByService.set(service, metrics);
  }
  return metrics;
}

/**
 * Emits `points` now as one EMF line (with the work's keys beside them, so a metric's line can be
 * found by its request or event). Added, serialised and cleared in one synchronous step, so
 * concurrent work in one process (local mode) never mixes its figures or dimensions.
 */
export function emitMetrics(points: readonly MetricPoint[], dimensions: Record<string, string> = {}): void {
  if (points.length === 0) return;
  const service = currentService();
  const metrics = metricsFor(service);
  if (Object.keys(dimensions).length > 0) metrics.addDimensions(dimensions);
  for (const point of points) metrics.addMetric(point.name, point.unit as Unit, point.value);
  const emf = metrics.serializeMetrics();
  metrics.clearMetrics();
  metrics.clearDimensions();
  writer(service, JSON.stringify({ ...currentKeys(), ...emf }));
}

/** Counts one (or `value`) of `name`. */
export function countMetric(name: MetricName, value = 1, dimensions?: Record<string, string>): void {
  emitMetrics([{ name, value, unit: "Count" }], dimensions);
}

/**
 * Powertools Tracer (X-Ray), loaded only in Lambda: the X-Ray SDK it brings switches on Node's async
 * hooks for the whole process as it loads, a cost on every promise that local mode, the tests and
 * the benchmarks have no use for (tracing is off outside Lambda anyway). POWERTOOLS_TRACE_ENABLED=false
 * leaves it out in Lambda too.
 */
const tracer: Tracer | undefined =
  process.env.AWS_LAMBDA_FUNCTION_NAME && process.env.POWERTOOLS_TRACE_ENABLED !== "false"
    ? new (await import("@aws-lambda-powertools/tracer")).Tracer({ serviceName: processService() })
    : undefined;

/** The process's Tracer when tracing is on. */
export function getTracer(): Tracer | undefined {
  return tracer?.isTracingEnabled() ? tracer : undefined;
}

/** An AWS SDK v3 client whose calls appear in the trace (as it is when tracing is off). */
export function traceClient<T extends object>(client: T): T {
  return getTracer()?.captureAWSv3Client(client) ?? client;
}

/** Annotations on the invocation's trace segment, searchable in X-Ray (route, status…). */
export function annotate(values: Record<string, string | number | boolean>): void {
  const t = getTracer();
  for (const [key, value] of Object.entries(values)) t?.putAnnotation(key, value);
}

/** Runs one Lambda invocation inside its own `## service` subsegment (as Powertools' handler decorators do). */
export async function traceInvocation<T>(service: string, fn: () => Promise<T>): Promise<T> {
  const t = getTracer();
  const parent = t?.getSegment();
  if (!t || !parent) return fn();
  const segment = parent.addNewSubsegment(`## ${service}`);
  t.setSegment(segment);
  t.annotateColdStart();
  t.addServiceNameAnnotation();
  try {
    return await fn();
  } catch (e) {
    t.addErrorAsMetadata(e as Error);
    throw e;
  } finally {
    segment.close();
    t.setSegment(parent);
  }
}
