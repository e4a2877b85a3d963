// Refunds: against a charge or a PaymentIntent's successful charge, in full or in part.
import { invalid } from "./errors.ts";
import type { RequestContext } from "./events.ts";
import type { FormValue } from "./form.ts";
import { newId, now } from "./ids.ts";
import type { Charge, Ledger, Refund } from "./objects.ts";
import { integerParam, metadataParam, str } from "./params.ts";

export function createRefund(ledger: Ledger, params: Record<string, FormValue>, ctx: RequestContext): Refund {
  const piId = str(params.payment_intent);
  const chargeId = str(params.charge);
  if (!piId && !chargeId)
    throw invalid("One of the following params should be provided for this request: payment_intent or charge.", {
      param: "payment_intent",
    });
  let charge: Charge | undefined;
  if (chargeId) {
    charge = ledger.charges.get(chargeId);
    if (!charge) throw invalid(`No such charge: '${chargeId}'`, { code: "resource_missing", param: "charge" }, 404);
  } else {
    const pi = ledger.intents.get(piId!);
    if (!pi) throw invalid(`No such payment_intent: '${piId}'`, { code: "resource_missing", param: "payment_intent" }, 404);
    if (pi.status !== "succeeded" || !pi.latest_charge) {
      throw invalid(`This PaymentIntent (${pi.id}) does not have a successful charge to refund.`, {
        code: "charge_not_refundable",
        param: "payment_intent",
      });
    }
    charge = ledger.charges.get(pi.latest_charge);
  }
  if (!charge?.captured || charge.status !== "succeeded") {
    throw invalid(`Charge ${charge?.id ?? ""} has not been captured; it cannot be refunded.`, { code: "charge_not_refundable" });
  }
  // amount_refunded already includes any part released by a partial capture.
  const refundable = charge.amount - charge.amount_refunded;
  const amount = integerParam(params, "amount", false) ?? refundable;
  if (refundable <= 0) throw invalid(`Charge ${charge.id} has already been refunded.`, { code: "charge_already_refunded" });
  if (amount <= 0) throw invalid("Invalid positive integer", { code: "parameter_invalid_integer", param: "amount" });
  if (amount > refundable) {
    const fmt = (c: number) => `$${(c / 100).toFixed(2)}`;
    throw invalid(`Refund amount (${fmt(amount)}) is greater than unrefunded amount on charge (${fmt(refundable)})`, {
      code: "amount_too_large",
      param: "amount",
    });
  }
  const reason = str(params.reason);
  if (reason !== undefined && !["duplicate", "fraudulent", "requested_by_customer"].includes(reason)) {
    throw invalid("Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer", { param: "reason" });
  }
  const refund: Refund = {
    id: newId("re"),
    object: "refund",
    amount,
    charge: charge.id,
    created: now(),
    currency: charge.currency,
    metadata: metadataParam(params.metadata),
    payment_intent: charge.payment_intent,
    reason: reason ?? null,
    status: "succeeded",
  };
  ledger.refunds.set(refund.id, refund);
  const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded >= charge.amount;
  ledger.emit("charge.refunded", charge, ctx, previous);
  return refund;
}
