/**
 * Local stand-in for EventBridge (docs/architecture.md "Local mode"): a small HTTP server speaking enough of
 * the EventBridge JSON protocol for `@aws-sdk/client-eventbridge`'s PutEventsCommand, pointed at it
 * with `AWS_ENDPOINT_URL_EVENTBRIDGE` (or the client's `endpoint` option). Each accepted entry is
 * wrapped in the same envelope EventBridge delivers, matched against the same EVENT_RULES the
 * stacks deploy (rule 8), and handed to the real consumer after the reply, with retries.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { EVENT_RULES, type EventEnvelope, type EventRule, matches } from "@printhood/core/events/rules";
import { closeServer } from "./http/close-server.ts";
import { listen } from "./http/listen.ts";
import { readBody } from "./http/read-body.ts";
import { createTimers } from "./http/timers.ts";
import { REPO_ROOT } from "./paths.ts";

/** A consumer as the bus calls it: the Lambda handler signature, context optional. */
export type EventHandler = (event: EventEnvelope, context?: LocalLambdaContext) => Promise<unknown> | unknown;

export interface LocalLambdaContext {
  awsRequestId: string;
  functionName: string;
  invokedFunctionArn: string;
  getRemainingTimeInMillis(): number;
}

export interface DeliveryRecord {
  /** The event's id (EventBridge envelope `id`). */
  eventId: string;
  ruleId: string;
  handler: string;
  "detail-type": string;
  attempts: number;
  ok: boolean;
  /** Message of the last error when the delivery finally failed. */
  error?: string;
  event: EventEnvelope;
}

export interface EventBusOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Rules to match (default: EVENT_RULES from packages/core). */
  rules?: EventRule[];
  /** Turns "path/file.export" into the consumer (default: import `<repoRoot>/path/file.ts`, take `export`). */
  resolveHandler?: (handlerPath: string) => Promise<EventHandler>;
  /** Attempts per delivery, first included (default 3). */
  maxAttempts?: number;
  /** First retry delay in ms; doubles each retry (default 200). */
  backoffMs?: number;
  /** Envelope `account` (default 000000000000) and `region` (default AWS_REGION or us-east-1). */
  account?: string;
  region?: string;
  /** Where failures are reported (default console.error). */
  log?: (message: string, error?: unknown) => void;
}

export interface LocalEventBus {
  url: string;
  port: number;
  /** Every finished delivery (success or final failure), in completion order. */
  delivered: DeliveryRecord[];
  /** Resolves when no request is being handled and no delivery (or retry) is pending. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** Default resolver: "packages/functions/src/events/notify.handler" → named export `handler` of notify.ts. */
export async function importHandler(handlerPath: string, root: string = REPO_ROOT): Promise<EventHandler> {
  const dot = handlerPath.lastIndexOf(".");
  if (dot <= 0) throw new Error(`Handler "${handlerPath}" is not "path/file.export"`);
  const file = join(root, `${handlerPath.slice(0, dot)}.ts`);
  const exportName = handlerPath.slice(dot + 1);
  const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  const fn = mod[exportName];
  if (typeof fn !== "function") throw new Error(`${file} has no exported function "${exportName}"`);
  return fn as EventHandler;
}

const MAX_BODY_BYTES = 1024 * 1024;
const MAX_ENTRIES = 10;
const AMZ_JSON = "application/x-amz-json-1.1";

interface PutEventsEntry {
  Source?: unknown;
  DetailType?: unknown;
  Detail?: unknown;
  EventBusName?: unknown;
  Resources?: unknown;
  Time?: unknown;
}

type EntryResult = { EventId: string } | { ErrorCode: string; ErrorMessage: string };

class ProtocolError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

/** EventBridge's envelope time format: second precision, `Z`. */
function envelopeTime(time: unknown): string {
  let date = new Date();
  // awsJson1_1 serialises timestamps as epoch seconds; accept ISO strings too.
  if (typeof time === "number" && Number.isFinite(time)) date = new Date(time * 1000);
  else if (typeof time === "string" && !Number.isNaN(Date.parse(time))) date = new Date(time);
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

export async function startEventBus(options: EventBusOptions = {}): Promise<LocalEventBus> {
  const rules = options.rules ?? EVENT_RULES;
  const resolveHandler = options.resolveHandler ?? ((p: string) => importHandler(p));
  const maxAttempts = Math.max(1, options.maxAttempts ?? 3);
  const backoffMs = Math.max(0, options.backoffMs ?? 200);
  const account = options.account ?? "000000000000";
  const region = options.region ?? process.env.AWS_REGION ?? "us-east-1";
  const log = options.log ?? ((message: string, error?: unknown) => console.error(`[event-bus] ${message}`, error ?? ""));

  const delivered: DeliveryRecord[] = [];
  const pending = new Set<Promise<unknown>>();
  const timers = createTimers();
  const handlers = new Map<string, Promise<EventHandler>>();
  let closed = false;

  const track = <T>(p: Promise<T>): Promise<T> => {
    pending.add(p);
    void p.finally(() => pending.delete(p)).catch(() => undefined);
    return p;
  };

  const handlerFor = (path: string): Promise<EventHandler> => {
    let h = handlers.get(path);
    if (!h) {
      h = resolveHandler(path);
      handlers.set(path, h);
      // A module that failed to load may be fixed on disk; try again next time.
      h.catch(() => handlers.delete(path));
    }
    return h;
  };

  async function deliver(rule: EventRule, event: EventEnvelope): Promise<void> {
    let lastError: unknown;
    let attempts = 0;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      attempts = attempt;
      try {
        const handler = await handlerFor(rule.handler);
        const started = Date.now();
        await handler(event, {
          awsRequestId: randomUUID(),
          functionName: rule.handler,
          invokedFunctionArn: `arn:aws:lambda:${region}:${account}:function:${rule.id}`,
          getRemainingTimeInMillis: () => Math.max(0, 30_000 - (Date.now() - started)),
        });
        delivered.push({
          eventId: event.id,
          ruleId: rule.id,
          handler: rule.handler,
          "detail-type": event["detail-type"],
          attempts,
          ok: true,
          event,
        });
        return;
      } catch (error) {
        lastError = error;
        const last = attempt === maxAttempts || closed;
        log(
          `${rule.id} (${rule.handler}) failed on ${event["detail-type"]} ${event.id}, attempt ${attempt}/${maxAttempts}${last ? ", giving up" : ", retrying"}`,
          error,
        );
        if (last) break;
        await timers.sleep(backoffMs * 2 ** (attempt - 1));
        if (closed) break;
      }
    }
    delivered.push({
      eventId: event.id,
      ruleId: rule.id,
      handler: rule.handler,
      "detail-type": event["detail-type"],
      attempts,
      ok: false,
      error: lastError instanceof Error ? lastError.message : String(lastError),
      event,
    });
  }

  function accept(entry: PutEventsEntry): { result: EntryResult; event?: EventEnvelope } {
    const { Source, DetailType, Detail } = entry;
    if (typeof Source !== "string" || Source === "") {
      return {
        result: { ErrorCode: "InvalidArgument", ErrorMessage: "Parameter Source is not valid. Reason: Source is a required argument." },
      };
    }
    if (typeof DetailType !== "string" || DetailType === "") {
      return {
        result: {
          ErrorCode: "InvalidArgument",
          ErrorMessage: "Parameter DetailType is not valid. Reason: DetailType is a required argument.",
        },
      };
    }
    if (typeof Detail !== "string" || Detail === "") {
      return {
        result: { ErrorCode: "InvalidArgument", ErrorMessage: "Parameter Detail is not valid. Reason: Detail is a required argument." },
      };
    }
    let detail: unknown;
    try {
      detail = JSON.parse(Detail);
    } catch {
      return { result: { ErrorCode: "MalformedDetail", ErrorMessage: "Detail is malformed." } };
    }
    if (detail === null || typeof detail !== "object" || Array.isArray(detail)) {
      return { result: { ErrorCode: "MalformedDetail", ErrorMessage: "Detail is malformed." } };
    }
    const resources = Array.isArray(entry.Resources) ? entry.Resources.filter((r): r is string => typeof r === "string") : [];
    const event: EventEnvelope = {
      version: "0",
      id: randomUUID(),
      "detail-type": DetailType,
      source: Source,
      account,
      time: envelopeTime(entry.Time),
      region,
      resources,
      detail,
    };
    return { result: { EventId: event.id }, event };
  }

  function putEvents(body: unknown): { reply: { FailedEntryCount: number; Entries: EntryResult[] }; events: EventEnvelope[] } {
    const entries = (body as { Entries?: unknown } | null)?.Entries;
    if (!Array.isArray(entries) || entries.length === 0) {
      throw new ProtocolError(
        400,
        "ValidationException",
        "1 validation error detected: Value null at 'entries' failed to satisfy constraint: Member must not be null",
      );
    }
    if (entries.length > MAX_ENTRIES) {
      throw new ProtocolError(
        400,
        "ValidationException",
        `1 validation error detected: Value '[...]' at 'entries' failed to satisfy constraint: Member must have length less than or equal to ${MAX_ENTRIES}`,
      );
    }
    const results: EntryResult[] = [];
    const events: EventEnvelope[] = [];
    for (const entry of entries as PutEventsEntry[]) {
      const { result, event } = accept(entry ?? {});
      results.push(result);
      if (event) events.push(event);
    }
    return { reply: { FailedEntryCount: results.filter((r) => "ErrorCode" in r).length, Entries: results }, events };
  }

  function dispatch(events: EventEnvelope[]) {
    for (const event of events) {
      for (const rule of rules) {
        if (matches(rule, event)) track(deliver(rule, event));
      }
    }
  }

  function send(res: ServerResponse, status: number, body: unknown) {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      "content-type": AMZ_JSON,
      "content-length": Buffer.byteLength(text),
      "x-amzn-requestid": randomUUID(),
    });
    res.end(text);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    try {
      if (req.method === "GET" && (req.url === "/" || req.url === "/health")) {
        res.writeHead(200, { "content-type": "text/plain" });
        res.end("printhood local event bus\n");
        return;
      }
      if (req.method !== "POST") throw new ProtocolError(405, "MethodNotAllowed", "Only POST is supported");
      const target = String(req.headers["x-amz-target"] ?? "");
      const raw = await readBody(req, MAX_BODY_BYTES, () => new ProtocolError(413, "RequestEntityTooLarge", "Request is too large"));
      if (target !== "AWSEvents.PutEvents") {
        throw new ProtocolError(
          400,
          "UnknownOperationException",
          `Operation ${target || "(none)"} is not supported by the local event bus`,
        );
      }
      let body: unknown;
      try {
        body = raw === "" ? {} : JSON.parse(raw);
      } catch {
        throw new ProtocolError(400, "SerializationException", "Request body is not valid JSON");
      }
      const { reply, events } = putEvents(body);
      send(res, 200, reply);
      // Deliver after the reply, as EventBridge does: the publisher never waits for consumers
      // (each delivery is an async task; the reply has already been written).
      dispatch(events);
    } catch (error) {
      if (error instanceof ProtocolError) send(res, error.status, { __type: error.type, message: error.message });
      else {
        log("request failed", error);
        send(res, 500, { __type: "InternalException", message: "Internal error" });
      }
    }
  }

  const server = createServer((req, res) => {
    // Track the request too, so idle() also waits for PutEvents calls still being read.
    track(
      new Promise<void>((resolve) => {
        res.on("close", () => setImmediate(resolve));
        void handle(req, res);
      }),
    );
  });

  const { port, host } = await listen(server, options.port, options.host);

  const idle = async () => {
    // Deliveries may publish further events; loop until nothing is left.
    while (pending.size > 0) await Promise.allSettled([...pending]);
  };

  return {
    url: `http://${host}:${port}`,
    port,
    delivered,
    idle,
    async close() {
      closed = true;
      timers.cancelAll();
      await closeServer(server);
      await idle();
    },
  };
}
