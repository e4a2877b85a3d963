import { publishAfterWrite as publish } from "@printhood/core";
import type { Context } from "hono";
import type { AppEnv } from "./deps.ts";

/**
 * Publish a domain event after the write it describes succeeded (architecture rule 6), through
 * core's one publishAfterWrite: the write stands even if the bus is down (logged, not thrown).
 */
export async function publishAfterWrite(
  c: Context<AppEnv>,
  event: { detailType: Parameters<AppEnv["Variables"]["deps"]["events"]["publish"]>[0]; detail: object },
) {
  await publish(c.var.deps.events, event.detailType, event.detail as Record<string, unknown>);
}
