import type { Context } from "hono";
import type { AppEnv } from "./deps.ts";

/**
 * Publish a domain event after the write it describes succeeded (architecture rule 6). The
 * write stands even if the bus is down: a lost notification must not turn a stored change into
 * an error, so a failed publish is logged (ids only, no personal data) and not thrown.
 */
export async function publishAfterWrite(
  c: Context<AppEnv>,
  event: { detailType: Parameters<AppEnv["Variables"]["deps"]["events"]["publish"]>[0]; detail: object },
  ids: Record<string, string>,
) {
  try {
    await c.var.deps.events.publish(event.detailType, event.detail as Record<string, unknown>);
  } catch (e) {
    console.error(JSON.stringify({ level: "error", message: `${event.detailType} not published`, ...ids, error: (e as Error).message }));
  }
}
