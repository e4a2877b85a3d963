// Routes the /v1 API requests to the endpoint they name.

import { confirmIntent } from "./confirm.ts";
import { createAccount, createAccountLink, createTransfer, getAccount, getTransfer } from "./connect.ts";
import { invalid } from "./errors.ts";
import type { RequestContext } from "./events.ts";
import type { FormValue } from "./form.ts";
import type { Ledger } from "./objects.ts";
import { cancelIntent, captureIntent, createIntent, getIntent, updateIntent } from "./payment-intents.ts";
import { createRefund } from "./refunds.ts";

/**
 * GET /v1/refunds: newest first, filtered by `payment_intent` or `charge` as Stripe's list is, in
 * one page of at most `limit` (Stripe's default 10, at most 100).
 */
function listRefunds(ledger: Ledger, params: Record<string, FormValue>) {
  const text = (v: FormValue | undefined) => (typeof v === "string" ? v : undefined);
  const intent = text(params.payment_intent);
  const charge = text(params.charge);
  const limit = Math.min(100, Math.max(1, Number(text(params.limit) ?? 10) || 10));
  const all = [...ledger.refunds.values()]
    .filter((r) => (!intent || r.payment_intent === intent) && (!charge || r.charge === charge))
    .reverse(); // a Map keeps creation order; Stripe lists the newest first
  return { object: "list", url: "/v1/refunds", has_more: all.length > limit, data: all.slice(0, limit) };
}

/** The endpoint's response object, or undefined when no endpoint matches (an unrecognised URL). */
export function route(
  ledger: Ledger,
  method: string,
  path: string,
  params: Record<string, FormValue>,
  ctx: RequestContext,
  baseUrl = "",
): unknown {
  const parts = path.split("/").filter(Boolean); // ["v1", "payment_intents", id, action]
  if (parts[0] !== "v1") return undefined;
  const [, resource, id, action, extra] = parts;
  if (extra !== undefined) return undefined;
  if (resource === "payment_intents") {
    if (!id) return method === "POST" ? createIntent(ledger, params, ctx) : undefined;
    const pi = getIntent(ledger, id);
    if (!action) {
      if (method === "GET") return pi;
      if (method === "POST") return updateIntent(pi, params);
      return undefined;
    }
    if (method !== "POST") return undefined;
    if (action === "confirm") return confirmIntent(ledger, pi, params, ctx);
    if (action === "capture") return captureIntent(ledger, pi, params, ctx);
    if (action === "cancel") return cancelIntent(ledger, pi, params, ctx);
    return undefined;
  }
  if (resource === "refunds") {
    if (!id && !action && method === "POST") return createRefund(ledger, params, ctx);
    if (!id && method === "GET") return listRefunds(ledger, params);
    if (id && !action && method === "GET") {
      const refund = ledger.refunds.get(id);
      if (!refund) throw invalid(`No such refund: '${id}'`, { code: "resource_missing", param: "id" }, 404);
      return refund;
    }
    return undefined;
  }
  if (resource === "accounts") {
    if (!id && method === "POST") return createAccount(ledger, params);
    if (id && !action && method === "GET") return getAccount(ledger, id);
    return undefined;
  }
  if (resource === "account_links" && !id && method === "POST") return createAccountLink(ledger, params, baseUrl);
  if (resource === "transfers") {
    if (!id && method === "POST") return createTransfer(ledger, params);
    if (id && !action && method === "GET") return getTransfer(ledger, id);
    return undefined;
  }
  if (resource === "charges" && id && !action && method === "GET") {
    const charge = ledger.charges.get(id);
    if (!charge) throw invalid(`No such charge: '${id}'`, { code: "resource_missing", param: "id" }, 404);
    return charge;
  }
  return undefined;
}
