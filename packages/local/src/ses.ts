import type { Server } from "node:http";
import sesModule from "aws-ses-v2-local";
import { closeServer } from "./http/close-server.ts";
import { DEFAULT_HOST, reachableHost } from "./http/listen.ts";
import { freePort, isFree } from "./ports.ts";

/** An e-mail as the stand-in stores it (its `GET /store` JSON). */
export interface SentEmail {
  messageId: string;
  from: string;
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { text?: string; html?: string };
  /** Epoch seconds. */
  at: number;
}

export interface LocalSes {
  /** The SES API endpoint (AWS_ENDPOINT_URL_SESV2) and the inbox a person opens in the browser. */
  endpoint: string;
  inboxUrl: string;
  close(): Promise<void>;
}

type StartServer = (config?: { host?: string; port?: number }) => Promise<Server>;
// The package is CommonJS with an `__esModule` default export: Node's ESM loader may hand us
// the exports object or the function itself, depending on the loader.
const startServer = ((sesModule as unknown as { default?: StartServer }).default ?? sesModule) as StartServer;

/**
 * Amazon SES on one machine: the npm package `aws-ses-v2-local`, which answers the same SESv2
 * SendEmail call the SDK makes in AWS, keeps the mail in memory, shows it in a browser inbox
 * at its root and serves it as JSON at `GET /store`. Listens on `host` (local mode's HOST; loopback
 * by default).
 */
export async function startSes(options: { port?: number; host?: string } = {}): Promise<LocalSes> {
  // The package's listen() never reports a port in use (its promise would hang): check first,
  // and take any free port when the preferred one is busy.
  const port = options.port && (await isFree(options.port)) ? options.port : await freePort();
  const server = await startServer({ host: options.host || DEFAULT_HOST, port });
  const host = reachableHost(options.host);
  const endpoint = `http://${host}:${port}`;
  return { endpoint, inboxUrl: `http://${host === DEFAULT_HOST ? "localhost" : host}:${port}/`, close: () => closeServer(server) };
}

/** Every e-mail the stand-in holds, oldest first (tests read it here, as a person reads the inbox). */
export async function readInbox(endpoint: string): Promise<SentEmail[]> {
  const res = await fetch(`${endpoint}/store`);
  if (!res.ok) throw new Error(`the SES stand-in answered ${res.status}`);
  const body = (await res.json()) as { emails: SentEmail[] };
  return body.emails;
}

/** The e-mails sent to one address. */
export async function inboxOf(endpoint: string, address: string): Promise<SentEmail[]> {
  const lower = address.toLowerCase();
  return (await readInbox(endpoint)).filter((e) => e.destination.to.some((t) => t.toLowerCase() === lower));
}
