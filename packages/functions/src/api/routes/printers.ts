import {
  createPrinter,
  createPrinterInput,
  deletePrinter,
  getPrinter,
  listOwnPrinters,
  listPrinters,
  listPrintersQuery,
  parseInput,
  updatePrinter,
  updatePrinterInput,
  VisibleError,
} from "@printhood/core";
import { type Context, Hono } from "hono";
import { jsonBody } from "../body.ts";
import type { AppEnv } from "../deps.ts";
import { requireSelf, requireUser } from "../middleware/session.ts";
import { printerImage } from "../printer-images/images.ts";

/** Query strings are validated like bodies: strict, unknown keys refused. */
function query<S extends Parameters<typeof parseInput>[0]>(c: Context<AppEnv>, schema: S) {
  return parseInput(schema, c.req.query());
}

/** Printers (spec 1 §7, spec 2 §7): the public listing, and owners managing their own. */
export const printerRoutes = new Hono<AppEnv>()
  .get("/printers", async (c) => c.json(await listPrinters(c.var.deps.store, query(c, listPrintersQuery))))
  .get("/printers/:id", async (c) => c.json(await getPrinter(c.var.deps.store, c.req.param("id"))))
  .post("/printers", async (c) => {
    const user = requireUser(c);
    const { ownerId, ...input } = await jsonBody(c, createPrinterInput);
    // The owner is the signed-in user; a payload naming someone else is refused, not obeyed.
    if (ownerId !== undefined && ownerId !== user.id) {
      throw new VisibleError("forbidden", "not_your_account", "You can only add printers to your own account.");
    }
    return c.json(await createPrinter(c.var.deps.store, user.id, input), 201);
  })
  .put("/printers/:id", async (c) => {
    const user = requireUser(c);
    const input = await jsonBody(c, updatePrinterInput);
    return c.json(await updatePrinter(c.var.deps.store, user.id, c.req.param("id"), input));
  })
  .delete("/printers/:id", async (c) => {
    const user = requireUser(c);
    return c.json(await deletePrinter(c.var.deps.store, user.id, c.req.param("id")));
  })
  .get("/users/:id/printers", async (c) => {
    const user = requireSelf(c, c.req.param("id"));
    return c.json(await listOwnPrinters(c.var.deps.store, user.id));
  })
  .get("/printer-images/:name", (c) => {
    const svg = printerImage(c.req.param("name"));
    if (!svg) throw new VisibleError("not_found", "image_not_found", "There is no printer image with that name.");
    c.header("Content-Type", "image/svg+xml; charset=utf-8");
    // The drawings never change under a name: browsers and the CDN keep them for a year.
    c.header("Cache-Control", "public, max-age=31536000, immutable");
    c.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
    return c.body(svg);
  });
