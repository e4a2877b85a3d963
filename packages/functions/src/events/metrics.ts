import { businessMetricsOf, type EventEnvelope, firstReceipt } from "@printhood/core";
import { eventConsumer } from "../lib/handlers.ts";
import { emitMetrics } from "../lib/observability.ts";
import { storeFromEnv } from "../lib/store.ts";

/**
 * The business figures (issue 24 point 2): orders submitted, paid, accepted, completed,
 * cancelled, expired and payments captured, refunded, failed, counted in this one place from the
 * domain events already on the bus (core/ops/metrics.ts says which event counts as what). An event
 * is counted once: its receipt is written first, and a second delivery finds it.
 */
export const handler = eventConsumer("metrics", async (event: EventEnvelope) => {
  const points = businessMetricsOf(event);
  if (points.length === 0) return { counted: 0 };
  if (!(await firstReceipt(storeFromEnv(), "metrics", event.id, new Date()))) return { counted: 0, repeated: true };
  emitMetrics(points);
  return { counted: points.length };
});
