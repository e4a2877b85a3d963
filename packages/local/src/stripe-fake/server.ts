// The HTTP server: auth, Stripe-Version, idempotency keys, error bodies, and the routes.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { closeServer } from "../http/close-server.ts";
import { listen } from "../http/listen.ts";
import { readBody } from "../http/read-body.ts";
import { checkAuth } from "./auth.ts";
import { invalid, StripeHttpError } from "./errors.ts";
import { buildEvent, type StripeEvent } from "./events.ts";
import { parseStripeForm } from "./form.ts";
import { rand } from "./ids.ts";
import { corsHeaders, localConfirm, publicIntent } from "./local-confirm.ts";
import { createLedger, type Emit } from "./objects.ts";
import { loadState, restore, saveState } from "./persist.ts";
import { route } from "./routes.ts";
import { createWebhookQueue, type WebhookDelivery } from "./webhooks.ts";

export interface StripeFakeOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Where webhooks go; none are sent until one is set. */
  webhookUrl?: string;
  /** The endpoint's signing secret (whsec_…), shared with the app's webhook route. */
  webhookSecret: string;
  /** When set, only this key is accepted; otherwise any `sk_test_…` key. */
  apiKey?: string;
  /** Origins allowed to call /local/confirm from a browser (default: any). */
  allowedOrigins?: string[];
  /** Webhook delivery attempts (default 5) and first retry delay in ms, doubling (default 200). */
  webhookAttempts?: number;
  webhookBackoffMs?: number;
  /** Where delivery failures are reported (default console.error). */
  log?: (message: string, error?: unknown) => void;
  /**
   * Where the stand-in keeps its objects across restarts (local mode: .local/stripe/state.json).
   * Without it, everything lives in memory (tests).
   */
  stateFile?: string;
}

export interface StripeFake {
  /** Base URL, e.g. http://127.0.0.1:43123 (what STRIPE_API_URL points at). */
  url: string;
  host: string;
  port: number;
  /** Every event generated, in order (whether or not a webhook URL was set). */
  events: StripeEvent[];
  /** Finished webhook deliveries, in order. */
  webhooks: WebhookDelivery[];
  setWebhookUrl(url: string | undefined): void;
  /** Holds webhook deliveries (queued, in order) until the returned function is called (webhooks.ts `hold`). */
  holdWebhooks(): () => void;
  /** Resolves when every queued webhook delivery has finished (succeeded or given up). */
  idle(): Promise<void>;
  /** Until when every call answers 503 (`POST /_test/outage {seconds}`); 0 when up. */
  readonly outageUntil: number;
  close(): Promise<void>;
}

/** stripe@23.1.0's pinned API version; replaced by the Stripe-Version the SDK sends. */
const DEFAULT_API_VERSION = "2026-10-28.endive";
const MAX_BODY_BYTES = 1024 * 1024;

export async function startStripeFake(options: StripeFakeOptions): Promise<StripeFake> {
  const idempotent = new Map<string, { status: number; body: string }>();
  const events: StripeEvent[] = [];
  const log = options.log ?? ((message: string, error?: unknown) => console.error(`[stripe-fake] ${message}`, error ?? ""));
  let apiVersion = DEFAULT_API_VERSION;
  let loaded = false;
  /** Writes the state after a change (once the saved state has been read back in). */
  const save = () => {
    if (options.stateFile && loaded) saveState(options.stateFile, ledger, idempotent, webhooks.undelivered());
  };
  const webhooks = createWebhookQueue({
    url: options.webhookUrl,
    secret: options.webhookSecret,
    attempts: options.webhookAttempts,
    backoffMs: options.webhookBackoffMs,
    log,
    onChange: save,
  });
  // A test outage (POST /_test/outage): every call answers 503 until then, as Stripe does when down.
  let outageUntil = 0;

  const emit: Emit = (type, object, ctx, previous) => {
    const event = buildEvent(type, object, ctx, apiVersion, webhooks.url ? 1 : 0, previous);
    events.push(event);
    webhooks.enqueue(event);
  };
  const ledger = createLedger(emit);
  const saved = options.stateFile ? loadState(options.stateFile) : null;
  if (saved) restore(ledger, idempotent, saved);
  loaded = true;

  const readRequest = (req: IncomingMessage) => readBody(req, MAX_BODY_BYTES, () => invalid("Request body too large", {}, 413));

  function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    const text = typeof body === "string" ? body : JSON.stringify(body, null, 2);
    res.writeHead(status, {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(text),
      "stripe-version": apiVersion,
      ...headers,
    });
    res.end(text);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const requestId = `req_${rand(14)}`;
    const url = new URL(req.url ?? "/", "http://localhost");
    const method = req.method ?? "GET";
    const baseHeaders = { "request-id": requestId };
    try {
      if (url.pathname === "/_test/outage" && method === "POST") {
        const body = JSON.parse((await readRequest(req)) || "{}") as { seconds?: unknown };
        const seconds = Number(body.seconds);
        if (!Number.isFinite(seconds) || seconds < 0 || seconds > 86_400) throw invalid("seconds must be a number from 0 to 86400", {});
        outageUntil = seconds > 0 ? Date.now() + seconds * 1000 : 0;
        send(res, 200, { down: seconds > 0, until: outageUntil ? new Date(outageUntil).toISOString() : null }, baseHeaders);
        return;
      }
      if (Date.now() < outageUntil) {
        send(
          res,
          503,
          { error: { type: "api_error", message: "Stripe is unavailable (a test outage of the local stand-in)." } },
          baseHeaders,
        );
        return;
      }
      if (url.pathname === "/local/confirm") {
        const cors = corsHeaders(req, options.allowedOrigins);
        if (method === "OPTIONS") {
          res.writeHead(204, cors);
          res.end();
          return;
        }
        if (method !== "POST") throw invalid("Use POST", {}, 405);
        const body = await readRequest(req);
        try {
          const pi = localConfirm(ledger, body, { requestId, idempotencyKey: null });
          save();
          send(res, 200, { paymentIntent: publicIntent(pi) }, { ...baseHeaders, ...cors });
        } catch (error) {
          if (!(error instanceof StripeHttpError)) throw error;
          const { payment_intent, ...rest } = error.body;
          send(
            res,
            error.status,
            { error: rest, ...(payment_intent ? { paymentIntent: publicIntent(payment_intent) } : {}) },
            { ...baseHeaders, ...cors },
          );
        }
        return;
      }
      const onboarding = /^\/local\/onboarding\/(acct_\w+)$/.exec(url.pathname);
      if (method === "GET" && onboarding) {
        // Stands in for Stripe's hosted onboarding: the test account is set up, back to the site.
        const account = ledger.accounts.get(onboarding[1] ?? "");
        const back = url.searchParams.get("return_url") ?? "";
        if (!account || !/^https?:\/\//.test(back)) throw invalid("Unknown account or return_url", {}, 404);
        account.details_submitted = true;
        save();
        res.writeHead(302, { location: back, ...baseHeaders });
        res.end();
        return;
      }
      if (method === "GET" && (url.pathname === "/" || url.pathname === "/health")) {
        send(res, 200, { ok: true, service: "printhood local stripe fake" }, baseHeaders);
        return;
      }

      checkAuth(req, options.apiKey);
      const version = req.headers["stripe-version"];
      if (typeof version === "string" && version) apiVersion = version;
      const raw = method === "GET" || method === "DELETE" ? url.search.slice(1) : await readRequest(req);
      const params = parseStripeForm(raw);

      const keyHeader = req.headers["idempotency-key"];
      const idempotencyKey = method === "POST" && typeof keyHeader === "string" && keyHeader ? keyHeader : null;
      const cacheKey = idempotencyKey ? `${method} ${url.pathname} ${idempotencyKey}` : null;
      const cached = cacheKey ? idempotent.get(cacheKey) : undefined;
      if (cached) {
        send(res, cached.status, cached.body, { ...baseHeaders, "idempotent-replayed": "true" });
        return;
      }

      let status = 200;
      let body: unknown;
      try {
        body = route(ledger, method, url.pathname, params, { requestId, idempotencyKey }, baseUrl);
        if (body === undefined) throw invalid(`Unrecognized request URL (${method}: ${url.pathname}).`, {}, 404);
      } catch (error) {
        if (!(error instanceof StripeHttpError)) throw error;
        status = error.status;
        body = { error: { ...error.body, request_log_url: `http://localhost/fake/logs/${requestId}` } };
      }
      const text = JSON.stringify(body, null, 2);
      if (cacheKey && status < 500) idempotent.set(cacheKey, { status, body: text });
      if (method !== "GET") save();
      send(res, status, text, baseHeaders);
    } catch (error) {
      if (error instanceof StripeHttpError) {
        send(res, error.status, { error: error.body }, baseHeaders);
        return;
      }
      log(`request ${method} ${url.pathname} failed`, error);
      send(res, 500, { error: { type: "api_error", message: "An unknown error occurred in the local Stripe fake." } }, baseHeaders);
    }
  }

  let baseUrl = "";
  const server = createServer((req, res) => void handle(req, res));
  const { port, host } = await listen(server, options.port, options.host);
  baseUrl = `http://${host}:${port}`;

  // Webhooks a restart interrupted are sent again (Stripe retries undelivered events for days).
  for (const event of saved?.undelivered ?? []) webhooks.enqueue(event);

  return {
    url: baseUrl,
    host,
    port,
    events,
    get outageUntil() {
      return outageUntil;
    },
    webhooks: webhooks.deliveries,
    setWebhookUrl(next) {
      webhooks.url = next;
    },
    holdWebhooks: () => webhooks.hold(),
    idle: () => webhooks.idle(),
    async close() {
      webhooks.stop();
      await closeServer(server);
      await webhooks.idle();
    },
  };
}
