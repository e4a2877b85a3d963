// Webhook delivery: one queue, signed per attempt, retried with doubling back-off.
import { createTimers } from "../http/timers.ts";
import type { StripeEvent } from "./events.ts";
import { signStripePayload } from "./signature.ts";

export interface WebhookDelivery {
  event: StripeEvent;
  attempts: number;
  ok: boolean;
  /** HTTP status of the last attempt (undefined when the connection failed). */
  status?: number;
}

export interface WebhookQueueOptions {
  /** Where webhooks go; none are queued until one is set. */
  url?: string;
  /** The endpoint's signing secret (whsec_…). */
  secret: string;
  /** Delivery attempts (default 5) and first retry delay in ms, doubling (default 200). */
  attempts?: number;
  backoffMs?: number;
  log: (message: string, error?: unknown) => void;
  /** Called when the set of undelivered events changes (the stand-in saves its state). */
  onChange?: () => void;
}

export interface WebhookQueue {
  /** Finished deliveries, in order. */
  deliveries: WebhookDelivery[];
  /** Where webhooks go; read at delivery time, so a change applies to queued events too. */
  url: string | undefined;
  /** Queues the event's delivery; does nothing while no URL is set. */
  enqueue(event: StripeEvent): void;
  /** Resolves when every queued delivery has finished (succeeded or given up). */
  idle(): Promise<void>;
  /**
   * Holds deliveries until the returned function is called: events queue meanwhile and go out in
   * order after it (nothing is dropped). local mode's demo story holds them while it applies a payment
   * with its own back-dated clock (demo/story.ts); stop() releases every hold.
   */
  hold(): () => void;
  /** Stops retrying: pending back-off waits end at once and no further attempt is made. */
  stop(): void;
  /** Events queued and not yet delivered (nor given up on), oldest first. */
  undelivered(): StripeEvent[];
}

export function createWebhookQueue(options: WebhookQueueOptions): WebhookQueue {
  const deliveries: WebhookDelivery[] = [];
  const attemptsMax = Math.max(1, options.attempts ?? 5);
  const backoffMs = Math.max(0, options.backoffMs ?? 200);
  const { log } = options;
  const timers = createTimers();
  let queue: Promise<void> = Promise.resolve();
  let queued = 0;
  let closed = false;
  const waiting = new Map<string, StripeEvent>();
  const holds = new Set<() => void>();

  async function deliver(event: StripeEvent): Promise<void> {
    const url = self.url;
    if (!url) return;
    const payload = JSON.stringify(event, null, 2);
    let status: number | undefined;
    let attempts = 0;
    for (let attempt = 1; attempt <= attemptsMax && !closed; attempt++) {
      attempts = attempt;
      try {
        // Signed per attempt, with the attempt's timestamp, as Stripe does.
        const res = await fetch(url, {
          method: "POST",
          headers: {
            "content-type": "application/json; charset=utf-8",
            "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
            "stripe-signature": signStripePayload(payload, options.secret),
          },
          body: payload,
          signal: AbortSignal.timeout(30_000),
        });
        status = res.status;
        await res.arrayBuffer().catch(() => undefined);
        if (res.ok) {
          deliveries.push({ event, attempts, ok: true, status });
          return;
        }
        log(`webhook ${event.type} ${event.id} got HTTP ${status} (attempt ${attempt}/${attemptsMax})`);
      } catch (error) {
        status = undefined;
        log(`webhook ${event.type} ${event.id} failed (attempt ${attempt}/${attemptsMax})`, error);
      }
      if (attempt < attemptsMax) await timers.sleep(backoffMs * 2 ** (attempt - 1));
    }
    deliveries.push({ event, attempts, ok: false, ...(status === undefined ? {} : { status }) });
  }

  const self: WebhookQueue = {
    deliveries,
    url: options.url,
    enqueue(event) {
      if (!self.url) return;
      // One queue: events reach the app in the order they happened.
      queued++;
      waiting.set(event.id, event);
      options.onChange?.();
      queue = queue
        .then(() => deliver(event))
        .finally(() => {
          queued--;
          // Stopped mid-delivery (the stand-in is closing): kept, so the next start sends it.
          if (closed) return;
          waiting.delete(event.id);
          options.onChange?.();
        });
    },
    undelivered: () => [...waiting.values()],
    async idle() {
      while (queued > 0) await queue;
    },
    hold() {
      let open = () => {};
      const gate = new Promise<void>((resolve) => (open = resolve));
      const release = () => {
        holds.delete(release);
        open();
      };
      holds.add(release);
      queue = queue.then(() => gate);
      return release;
    },
    stop() {
      closed = true;
      timers.cancelAll();
      for (const release of [...holds]) release();
    },
  };
  return self;
}
