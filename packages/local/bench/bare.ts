import { serve } from "@hono/node-server";
import { Hono } from "hono";

/** The peer: a bare Hono app on @hono/node-server answering each route's recorded JSON from memory. */
export function bareApp(answers: Map<string, string>) {
  const app = new Hono();
  app.all("*", (c) => {
    const url = new URL(c.req.url);
    const body = answers.get(`${c.req.method} ${url.pathname}${url.search}`);
    return body === undefined ? c.text("not recorded", 404) : c.body(body, 200, { "content-type": "application/json" });
  });
  return new Promise<{ url: string; close: () => void }>((ok) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) =>
      ok({ url: `http://127.0.0.1:${info.port}`, close: () => server.close() }),
    );
  });
}
