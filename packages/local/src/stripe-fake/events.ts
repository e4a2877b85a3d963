// Stripe event objects: what every state change produces, and what a webhook delivers.
import { newId, now } from "./ids.ts";
import type { Charge, PaymentIntent } from "./objects.ts";

export interface StripeEvent {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

/** The API request a change came from (an event's `request` field). */
export interface RequestContext {
  requestId: string;
  idempotencyKey: string | null;
}

export function buildEvent(
  type: string,
  object: PaymentIntent | Charge,
  ctx: RequestContext,
  apiVersion: string,
  pendingWebhooks: number,
  previous?: Record<string, unknown>,
): StripeEvent {
  return {
    id: newId("evt"),
    object: "event",
    api_version: apiVersion,
    created: now(),
    data: { object: structuredClone(object) as unknown as Record<string, unknown>, ...(previous ? { previous_attributes: previous } : {}) },
    livemode: false,
    pending_webhooks: pendingWebhooks,
    request: { id: ctx.requestId, idempotency_key: ctx.idempotencyKey },
    type,
  };
}
