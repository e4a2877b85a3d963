import { lookup, lookupQuery, lookupResultSchema } from "@printhood/core";
import { declareRoute, json, routeGroup } from "../../contract.ts";

/** `GET /api/staff/lookup?q=`: any account, printer or order by e-mail, username, number or id. */
const find = declareRoute({
  method: "get",
  path: "/lookup",
  summary: "Find any account, printer or order (staff only)",
  description:
    "`q` is an e-mail, a username, an order number (PH-10423), a printer number (#12) or an id; a bare number is tried as both numbers. Around what it finds: an account's printers and newest orders, a printer's owner and newest orders, an order's customer, printer and owner.",
  tags: ["Staff"],
  access: "staff",
  request: { query: lookupQuery },
  responses: { 200: json(lookupResultSchema, "What the query names (empty lists when nothing)") },
});

export const staffLookupRoutes = routeGroup().openapi(find, async (c) =>
  c.json(await lookup(c.var.deps.store, c.req.valid("query").q), 200),
);
