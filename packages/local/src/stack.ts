import { join } from "node:path";
import { DynamoDBClient, ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { HeadBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { getConnInfo } from "@hono/node-server/conninfo";
import {
  CURSOR_SECRET_ENV,
  createDocumentClient,
  createStore,
  expiryFromEnv,
  type Store,
  securityHeaders,
  systemClock,
  tableShippingRates,
} from "@printhood/core";
import { createApp } from "@printhood/functions/api/app";
import { createEventPublisher } from "@printhood/functions/lib/events";
import { s3FileLinks } from "@printhood/functions/lib/s3";
import { stripeFromEnv } from "@printhood/functions/lib/stripe";
import { startAnalysisPool } from "./analysis-pool.ts";
import { ensureTable, startDynamo } from "./dynamo.ts";
import { type DeliveryRecord, startEventBus } from "./event-bus.ts";
import { DEFAULT_HOST, reachableHost } from "./http/listen.ts";
import { startLocalLogs } from "./logs.ts";
import { REPO_ROOT } from "./paths.ts";
import type { Readiness } from "./readiness.ts";
import { startS3 } from "./s3.ts";
import { startSchedules } from "./schedules.ts";
import { startSes } from "./ses.ts";
import { listenSite } from "./site-server.ts";
import { throwIfAborted } from "./start-failure.ts";
import { staticSite } from "./static.ts";
import { type StripeFake, startStripeFake } from "./stripe-fake.ts";

export const TABLE_NAME = "printhood-local";
export const BUCKET_NAME = "printhood-uploads";
export const EVENT_BUS_NAME = "printhood-local";
/** s3rver checks signatures against its one built-in account; DynamoDB Local accepts any. */
export const LOCAL_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
/** The sender of local mode's e-mails (in AWS: the verified SES identity, stacks/Storage.ts). */
export const LOCAL_EMAIL_FROM = "Printhood <orders@printhood.local>";
/**
 * Test-mode secrets for the local Stripe stand-in, unless STRIPE_SECRET_KEY and
 * STRIPE_WEBHOOK_SECRET are set in the environment (real keys live in SST secrets).
 */
const DEFAULT_STRIPE_SECRET_KEY = "sk_test_local_printhood";
const DEFAULT_STRIPE_WEBHOOK_SECRET = "whsec_local_printhood";
/** Where the site's local test-card form confirms a payment: the stand-in, proxied on the site's own origin. */
export const TEST_CONFIRM_PATH = "/stripe-test/confirm";

export interface LocalStackOptions {
  /** Persist DynamoDB and S3 data here (npm start: .local/); in memory/temp when absent (tests). */
  dataDir?: string;
  /** Port for the site and API (0: any free port). */
  port?: number;
  /**
   * The address the site and the stand-ins listen on (`HOST` for npm start): 127.0.0.1 unless set,
   * so local mode is not reachable from the network. DynamoDB Local has no such setting (below).
   */
  host?: string;
  /** Serve the built site from here (default packages/web/dist). */
  webRoot?: string;
  /** Port of the SES stand-in's API and inbox (0 or absent: any free port). */
  sesPort?: number;
  /** What else /api/health waits for (npm start: the demo data). */
  readiness?: Readiness;
  /**
   * Keep DynamoDB Local's tables in memory even with a `dataDir` (bench:api's default: in AWS the
   * table's work is not on our CPU; DynamoDB Local's SQLite file is). npm start and tests never set it.
   */
  dynamoInMemory?: boolean;
  /** Seconds the shared public answers stay cached in the API (default: as in AWS, api/public-cache.ts; 0: none). */
  publicCacheSeconds?: number;
  /** Seconds the counts of listed printers per cell stay cached in the API (default: as the answers). */
  cellCountsSeconds?: number;
  /** Stops a start in progress (Ctrl-C): what has started is stopped, then StartAborted is thrown. */
  signal?: AbortSignal;
  /**
   * Where the functions' JSON lines go, one file per function (logs.ts). Absent: `<dataDir>/logs`,
   * or, without a data folder (tests), a temporary folder of this stack's own, removed on close.
   */
  logDir?: string;
  /** Called with one short readable line per API request (npm start prints them). */
  onRequest?: (line: string) => void;
}

export interface LocalStack {
  url: string;
  port: number;
  store: Store;
  endpoints: { dynamodb: string; s3: string; eventBus: string; stripe: string; ses: string };
  /** The folder of the functions' log files (`api.log`, `notify.log`…). */
  logDir: string;
  /** Where a person reads the e-mails local mode sent (the SES stand-in's inbox). */
  inboxUrl: string;
  /** The Stripe stand-in (tests read its events and send it requests). */
  stripe: StripeFake;
  /** Every event the local bus delivered to a consumer, in completion order. */
  delivered: DeliveryRecord[];
  /** Resolves when the event bus and the S3 event queue have nothing in flight. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Local mode: the real stand-ins (DynamoDB Local, s3rver, the local event bus, the Stripe
 * fake) plus the same Hono app the Lambda runs and the built site, on one origin. The SDKs
 * find the stand-ins through AWS_ENDPOINT_URL_* (architecture rule 7), never by `if (local)`.
 * If any part fails to start, every part already started is stopped before the error is thrown.
 */
export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  const closers: (() => Promise<void>)[] = [];
  const step = () => throwIfAborted(options.signal);
  try {
    const logs = startLocalLogs({
      dir: options.logDir ?? (options.dataDir ? join(options.dataDir, "logs") : undefined),
      onRequest: options.onRequest,
    });
    closers.unshift(async () => logs.close());
    const bindHost = options.host || DEFAULT_HOST;
    const site = await listenSite(options.port ?? 0, starting, bindHost);
    closers.unshift(site.close);
    const port = site.port;
    const reach = reachableHost(bindHost);
    const url = `http://${reach === DEFAULT_HOST ? "localhost" : reach}:${port}`;
    const origins = [...new Set([url, `http://localhost:${port}`, `http://127.0.0.1:${port}`])];

    step();
    // DynamoDB Local has no option for its address: it listens on every interface whatever HOST
    // says (README "Local mode"). Its port is a random free one, printed only in the start banner.
    const dynamo = await startDynamo({
      ...(options.dataDir && !options.dynamoInMemory ? { dataDir: join(options.dataDir, "dynamodb") } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    closers.unshift(dynamo.close);

    // analyses run in a worker thread: a slow file never holds up the API's requests
    const analysis = startAnalysisPool();
    closers.unshift(analysis.close);

    step();
    const pendingS3: Promise<unknown>[] = [];
    // The photo handler uses the stack's store (made below, before any upload can arrive).
    const storeRef: { current?: Store } = {};
    const s3 = await startS3({
      bucket: BUCKET_NAME,
      host: bindHost,
      origins,
      ...(options.dataDir ? { dataDir: join(options.dataDir, "s3") } : {}),
      // Both handlers get every event, as both notifications would fire in AWS; each keeps its own
      // prefix (`uploads/` for the analysis, `photos/` for the photos), as S3's filters do there.
      onEvent: (event) => {
        const run = Promise.all([
          import("@printhood/functions/analysis/handler")
            .then((m) => m.createHandler(analysis.measure)(event as never))
            .catch((e: unknown) => console.error("analysis handler failed:", e)),
          import("@printhood/functions/photos/handler")
            .then((m) => m.createHandler(storeRef.current)(event as never))
            .catch((e: unknown) => console.error("photo handler failed:", e)),
        ]);
        pendingS3.push(run);
        void run.finally(() => pendingS3.splice(pendingS3.indexOf(run), 1));
      },
    });
    closers.unshift(s3.close);

    step();
    const bus = await startEventBus({ port: 0, host: bindHost });
    closers.unshift(bus.close);

    const STRIPE_SECRET_KEY = process.env.STRIPE_SECRET_KEY || DEFAULT_STRIPE_SECRET_KEY;
    const STRIPE_WEBHOOK_SECRET = process.env.STRIPE_WEBHOOK_SECRET || DEFAULT_STRIPE_WEBHOOK_SECRET;
    const stripe = await startStripeFake({
      port: 0,
      host: bindHost,
      webhookSecret: STRIPE_WEBHOOK_SECRET,
      apiKey: STRIPE_SECRET_KEY,
      webhookUrl: `${url}/api/stripe/webhook`,
      allowedOrigins: origins,
      // Kept with the orders that point at its objects, so a restart keeps every payment.
      ...(options.dataDir ? { stateFile: join(options.dataDir, "stripe", "state.json") } : {}),
    });
    closers.unshift(stripe.close);

    const ses = await startSes({ port: options.sesPort ?? 0, host: bindHost });
    closers.unshift(ses.close);

    Object.assign(process.env, {
      AWS_REGION: "us-east-1",
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      AWS_ENDPOINT_URL_S3: s3.endpoint,
      AWS_ENDPOINT_URL_EVENTBRIDGE: bus.url,
      AWS_ENDPOINT_URL_SESV2: ses.endpoint,
      EMAIL_FROM: LOCAL_EMAIL_FROM,
      SITE_URL: url,
      TABLE_NAME,
      BUCKET_NAME,
      EVENT_BUS_NAME,
      APP_ORIGIN: origins.join(","),
      STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    });

    step();
    await ensureTable(dynamo.endpoint, TABLE_NAME);
    const store = createStore(createDocumentClient({ endpoint: dynamo.endpoint }), TABLE_NAME);
    storeRef.current = store;
    const endpoints = { dynamodb: dynamo.endpoint, s3: s3.endpoint, eventBus: bus.url, stripe: stripe.url, ses: ses.endpoint };

    // The values CloudFront sets in AWS (stacks/Web.ts); uploads go to s3rver's bucket URL.
    const headers = securityHeaders({ uploadUrl: `${s3.endpoint}/${BUCKET_NAME}`, tileUrl: process.env.VITE_TILE_URL });
    const app = createApp({
      store,
      events: createEventPublisher(EVENT_BUS_NAME),
      ...stripeFromEnv(),
      files: s3FileLinks(BUCKET_NAME),
      shipping: tableShippingRates,
      clock: systemClock,
      expiry: expiryFromEnv(),
      config: {
        allowedOrigins: origins,
        uploadsBucket: BUCKET_NAME,
        secureCookies: false,
        testConfirmPath: TEST_CONFIRM_PATH,
        securityHeaders: headers,
        // Page markers signed with the environment's key when it sets one (tests make their own markers);
        // otherwise each start makes its own key, and markers from before a restart are refused.
        cursorSecret: process.env[CURSOR_SECRET_ENV],
        ...(options.publicCacheSeconds !== undefined ? { publicCacheSeconds: options.publicCacheSeconds } : {}),
        ...(options.cellCountsSeconds !== undefined ? { cellCountsSeconds: options.cellCountsSeconds } : {}),
      },
      health: async () => ({ ...(await checkStandIns(endpoints)), ...options.readiness?.report() }),
      // Locally the client is whoever opened the socket (tests use several loopback addresses).
      clientAddress: (c) => getConnInfo(c).remote.address,
    });
    const siteFiles = staticSite(options.webRoot ?? join(REPO_ROOT, "packages/web/dist"), headers);
    step();
    site.serve((req, env) => {
      const { pathname } = new URL(req.url);
      if (pathname === TEST_CONFIRM_PATH) return confirmThroughStandIn(req, stripe.url);
      return pathname === "/api" || pathname.startsWith("/api/")
        ? app.fetch(req, env)
        : siteFiles(pathname, req.headers.get("accept-encoding") ?? "");
    });
    // After the server: the scheduled handlers read the environment set above.
    const schedules = startSchedules();
    closers.unshift(schedules.close);

    return {
      url,
      port,
      store,
      endpoints,
      logDir: logs.dir,
      inboxUrl: ses.inboxUrl,
      stripe,
      delivered: bus.delivered,
      idle: async () => {
        while (pendingS3.length) await Promise.allSettled([...pendingS3]);
        // Webhooks publish to the bus, whose consumers may call Stripe again: settle both.
        for (let i = 0; i < 3; i++) {
          await stripe.idle();
          await bus.idle();
        }
        await schedules.idle();
      },
      close: () => closeAll(closers),
    };
  } catch (e) {
    await closeAll(closers);
    throw e;
  }
}

/**
 * The local test-card form posts here, on the site's own origin (no CORS, no second address to
 * configure); the request goes on to the stand-in's confirm endpoint, which answers as Stripe.js
 * would (the intent, or Stripe's decline message).
 */
async function confirmThroughStandIn(req: Request, stripeUrl: string): Promise<Response> {
  if (req.method !== "POST") return new Response(JSON.stringify({ error: { message: "Use POST" } }), { status: 405 });
  const res = await fetch(`${stripeUrl}/local/confirm`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: await req.text(),
  });
  return new Response(await res.text(), {
    status: res.status,
    headers: { "content-type": "application/json", "cache-control": "no-store" },
  });
}

/**
 * What answers while the stand-ins start: "not ready" for the API, a page that reloads for
 * people (a meta refresh: no script). The security headers are those of the finished site
 * minus its upload bucket, which is not known yet.
 */
function starting(req: Request): Response {
  const res = startingAnswer(req);
  for (const [name, value] of Object.entries(securityHeaders({}))) res.headers.set(name, value);
  return res;
}

function startingAnswer(req: Request): Response {
  const { pathname } = new URL(req.url);
  if (pathname === "/api" || pathname.startsWith("/api/")) {
    return Response.json(
      { ok: false, message: "Printhood is starting. Try again in a few seconds.", code: "starting" },
      { status: 503, headers: { "Retry-After": "2" } },
    );
  }
  return new Response(
    '<!doctype html><meta http-equiv="refresh" content="2"><title>Printhood</title><p>Printhood is starting&hellip;</p>',
    {
      status: 503,
      headers: { "Content-Type": "text/html; charset=utf-8", "Retry-After": "2", "Cache-Control": "no-store" },
    },
  );
}

/** Stops in reverse start order; safe to call twice (a Ctrl-C during a failing start). */
async function closeAll(closers: (() => Promise<void>)[]) {
  for (const close of closers.splice(0)) await close().catch((e: unknown) => console.error("while stopping:", e));
}

async function checkStandIns(endpoints: { dynamodb: string; s3: string; eventBus: string; stripe: string; ses: string }) {
  const credentials = LOCAL_CREDENTIALS;
  const reachable = (u: string) =>
    fetch(u, { method: "GET" }).then(
      () => true,
      () => false,
    );
  const dynamoClient = new DynamoDBClient({ endpoint: endpoints.dynamodb, region: "us-east-1", credentials });
  const s3Client = new S3Client({ endpoint: endpoints.s3, region: "us-east-1", credentials, forcePathStyle: true });
  try {
    const [dynamodb, s3, eventBus, stripe, ses] = await Promise.all([
      dynamoClient.send(new ListTablesCommand({})).then(
        () => true,
        () => false,
      ),
      s3Client.send(new HeadBucketCommand({ Bucket: BUCKET_NAME })).then(
        () => true,
        () => false,
      ),
      reachable(endpoints.eventBus),
      reachable(endpoints.stripe),
      reachable(`${endpoints.ses}/health-check`),
    ]);
    return { dynamodb, s3, eventBus, stripe, ses };
  } finally {
    dynamoClient.destroy();
    s3Client.destroy();
  }
}
