import type { EventEnvelope } from "@printhood/core/events/rules";
import { getLogger, runAs, traceInvocation, type WorkKeys } from "./observability.ts";

/**
 * Lambda entry points for work that is not an API request: each invocation runs as its function
 * (`service`) with its keys on every line, inside its own trace subsegment, and ends with one line
 * saying how it went and how long it took. A failure is logged and thrown again, so Lambda's retries
 * and the dead-letter queue still see it.
 */

/** The part of Lambda's context we read (local mode's bus passes the same field). */
export interface InvocationContext {
  awsRequestId?: string;
}

/** A result worth a log line: a small object of plain values (`{ outcome: "confirmed" }`, `{ expired: 3 }`). */
function summary(result: unknown): Record<string, unknown> {
  if (!result || typeof result !== "object" || Array.isArray(result)) return {};
  const entries = Object.entries(result).filter(([, v]) => ["string", "number", "boolean"].includes(typeof v));
  return entries.length > 0 && entries.length <= 5 ? { result: Object.fromEntries(entries) } : {};
}

export async function invoke<R>(service: string, keys: WorkKeys, done: string, fn: () => Promise<R>): Promise<R> {
  return runAs(service, keys, () =>
    traceInvocation(service, async () => {
      const started = performance.now();
      const durationMs = () => Math.round(performance.now() - started);
      try {
        const result = await fn();
        getLogger().info(done, { durationMs: durationMs(), ...summary(result) });
        return result;
      } catch (error) {
        getLogger().error(`${done}: failed`, { durationMs: durationMs(), error });
        throw error;
      }
    }),
  );
}

const functionRequestId = (context?: InvocationContext): WorkKeys =>
  context?.awsRequestId ? { functionRequestId: context.awsRequestId } : {};

/** The person who set the event off, when its detail names one (the actor of a status change, a message's sender). */
function actorOf(detail: unknown): WorkKeys {
  const d = (detail ?? {}) as { actorId?: unknown; senderId?: unknown; userId?: unknown };
  const userId = [d.actorId, d.senderId, d.userId].find((v): v is string => typeof v === "string" && v !== "");
  return userId ? { userId } : {};
}

/** An EventBridge consumer: the event's id and detail-type (and who set it off) on every line. */
export function eventConsumer<E extends EventEnvelope, R>(service: string, fn: (event: E) => Promise<R>) {
  return (event: E, context?: InvocationContext): Promise<R> =>
    invoke(
      service,
      { eventId: event.id, detailType: event["detail-type"], ...actorOf(event.detail), ...functionRequestId(context) },
      "event handled",
      () => fn(event),
    );
}

/** A scheduled run (an EventBridge schedule in AWS, a timer in local mode): the schedule's event id when there is one. */
export function scheduledJob<R>(service: string, fn: () => Promise<R>) {
  return (event?: { id?: string }, context?: InvocationContext): Promise<R> =>
    invoke(service, { ...(event?.id ? { eventId: event.id } : {}), ...functionRequestId(context) }, "scheduled run finished", fn);
}
