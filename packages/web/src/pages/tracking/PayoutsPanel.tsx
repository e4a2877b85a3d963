import { balanceEarnedCents } from "@printhood/core/shared/earnings";
import { useQuery } from "@tanstack/react-query";
import { payoutsQuery, useConnectStripe, useRequestPayout } from "../../api/payouts";
import { Spinner } from "../../components/Spinner";
import { formatCents } from "../../lib/format";
import { EarningsByOrder, PayoutHistory } from "./PayoutLists";

function Amount({ label, cents, note }: { label: string; cents: number; note: string }) {
  return (
    <div className="rounded-xl border border-slate-200 p-4">
      <p className="text-sm font-medium text-slate-500">{label}</p>
      <p className="mt-1 text-2xl font-bold text-slate-900">{formatCents(cents)}</p>
      <p className="mt-1 text-xs text-slate-500">{note}</p>
    </div>
  );
}

/** Which money Request Payout takes, said beside the button. */
const ONLY_AVAILABLE =
  "Only available money can be paid out. Held earnings become available when the customer confirms receipt or the claim window closes; frozen ones when the claim is settled.";

/**
 * The payouts tab (DECISIONS.md "Payouts", issue 21 point 3): what is pending (accepted, not yet
 * handed over), held (handed over, inside the claim window), frozen (a claim is open), available,
 * requested and paid; Connect Stripe (the account's onboarding, which returns to
 * /printer-tracking?tab=payouts); Request Payout for the whole available balance; the payouts and
 * the per-order ledger with each earning's state and, while held, the day it frees up.
 */
export function PayoutsPanel({ userId }: { userId: string }) {
  const summary = useQuery(payoutsQuery(userId));
  const request = useRequestPayout(userId);
  const connect = useConnectStripe(userId);

  if (summary.isPending) {
    return (
      <div role="status" aria-label="Loading payouts" className="flex justify-center py-6">
        <Spinner />
      </div>
    );
  }
  if (summary.isError) {
    return (
      <p role="alert" className="text-red-700">
        Failed to fetch payouts
      </p>
    );
  }
  const s = summary.data;
  return (
    <div className="space-y-8">
      <section aria-labelledby="balances-heading">
        <h2 id="balances-heading" className="sr-only">
          Balances
        </h2>
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-3">
          <Amount label="Pending" cents={s.pendingCents} note="Accepted orders not yet handed over" />
          <Amount label="Held" cents={s.heldCents} note="Handed over: until the customer confirms receipt or the claim window closes" />
          <Amount label="Frozen" cents={s.frozenCents} note="Under an open claim, until it is settled" />
          <Amount
            label="Available"
            cents={s.availableCents}
            note={
              s.availableCents < 0
                ? "Below zero: a refund on a claim came after a payout, and is paid back from your next earnings"
                : "Ready to pay out"
            }
          />
          <Amount label="Requested" cents={s.requestedCents} note="Waiting for your Stripe account" />
          <Amount label="Paid" cents={s.paidCents} note="Transferred to your Stripe account" />
        </div>
        <p className="mt-3 text-sm text-slate-700">
          Earned in all: <strong className="text-slate-900">{formatCents(balanceEarnedCents(s))}</strong>, what you earn from your accepted
          orders (the dashboard's Total Earnings).
        </p>
      </section>

      <section aria-labelledby="stripe-heading" className="flex flex-wrap items-center justify-between gap-4 rounded-xl bg-slate-50 p-5">
        <div>
          <h2 id="stripe-heading" className="font-semibold text-slate-900">
            {s.stripeConnected ? "Stripe connected" : "Connect Stripe for payouts"}
          </h2>
          <p className="text-sm text-slate-600">
            {s.stripeConnected
              ? "Payouts are transferred to your Stripe account as soon as you request them."
              : "Payouts go to your own Stripe account. Requested payouts wait until it is connected."}
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          {s.stripeConnected ? null : (
            <button
              type="button"
              onClick={() => connect.mutate()}
              disabled={connect.isPending}
              className="rounded-lg border border-brand-600 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
            >
              {connect.isPending ? "Opening Stripe..." : "Connect Stripe"}
            </button>
          )}
          <button
            type="button"
            onClick={() => request.mutate()}
            disabled={request.isPending || s.availableCents <= 0}
            aria-describedby="payout-rule"
            className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {request.isPending ? "Requesting..." : "Request Payout"}
          </button>
        </div>
        <p id="payout-rule" className="w-full text-sm text-slate-600">
          {s.availableCents <= 0 ? "Nothing is available to pay out yet. " : ""}
          {ONLY_AVAILABLE}
        </p>
      </section>

      <PayoutHistory userId={userId} first={{ items: s.payouts, nextCursor: s.payoutsNextCursor }} />
      <EarningsByOrder userId={userId} first={{ items: s.ledger, nextCursor: s.ledgerNextCursor }} />
    </div>
  );
}
