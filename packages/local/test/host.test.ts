import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { startEventBus } from "../src/event-bus.ts";
import { reachableHost } from "../src/http/listen.ts";
import { startS3 } from "../src/s3.ts";
import { startSes } from "../src/ses.ts";
import { listenSite } from "../src/site-server.ts";
import { startStripeFake } from "../src/stripe-fake.ts";

/**
 * Local mode listens on 127.0.0.1 unless HOST says otherwise (README "Local mode"). Linux routes
 * all of 127.0.0.0/8 to loopback, so a server bound to 127.0.0.1 alone refuses a connection to
 * 127.0.0.2 while one bound to every interface (HOST=0.0.0.0) accepts it: the tests' other
 * clients rely on the same routing (fetch-from.ts).
 */
function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request({ host, port, path: "/", method: "GET", timeout: 5000 }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on("error", () => resolve(false));
    req.on("timeout", () => {
      req.destroy();
      resolve(false);
    });
    req.end();
  });
}

const portOf = (url: string) => Number(new URL(url).port);

/** Each part of local mode that binds a port: start it with an optional host, give back its port and how to stop it. */
const parts: [string, (host?: string) => Promise<{ port: number; close(): Promise<void> }>][] = [
  ["the site", (host) => listenSite(0, () => new Response("ok"), host)],
  [
    "the S3 stand-in",
    async (host) => {
      const s3 = await startS3({ bucket: "host-test", origins: ["http://localhost:3000"], ...(host ? { host } : {}) });
      return { port: s3.port, close: s3.close };
    },
  ],
  [
    "the SES stand-in",
    async (host) => {
      const ses = await startSes(host ? { host } : {});
      return { port: portOf(ses.endpoint), close: ses.close };
    },
  ],
  [
    "the event bus",
    async (host) => {
      const bus = await startEventBus({ port: 0, ...(host ? { host } : {}) });
      return { port: portOf(bus.url), close: bus.close };
    },
  ],
  [
    "the Stripe stand-in",
    async (host) => {
      const stripe = await startStripeFake({ port: 0, webhookSecret: "whsec_host", ...(host ? { host } : {}) });
      return { port: portOf(stripe.url), close: stripe.close };
    },
  ],
];

describe("where local mode listens", () => {
  it.each(parts)("%s listens on 127.0.0.1 only unless told otherwise", async (_, start) => {
    const part = await start();
    try {
      expect(await answers("127.0.0.1", part.port)).toBe(true);
      expect(await answers("127.0.0.2", part.port)).toBe(false);
    } finally {
      await part.close();
    }
  });

  it.each(parts)("%s listens on every interface with HOST=0.0.0.0", async (_, start) => {
    const part = await start("0.0.0.0");
    try {
      expect(await answers("127.0.0.1", part.port)).toBe(true);
      expect(await answers("127.0.0.2", part.port)).toBe(true);
    } finally {
      await part.close();
    }
  });

  it.each([
    [undefined, "127.0.0.1"],
    ["0.0.0.0", "127.0.0.1"],
    ["::", "127.0.0.1"],
    ["127.0.0.1", "127.0.0.1"],
    ["192.168.1.20", "192.168.1.20"],
    ["::1", "[::1]"],
  ])("a server bound to %s is reached at %s", (host, reach) => {
    expect(reachableHost(host)).toBe(reach);
  });
});
