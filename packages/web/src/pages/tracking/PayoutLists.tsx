import { LEDGER_WORDS } from "@printhood/core/shared/earnings";
import { useInfiniteQuery } from "@tanstack/react-query";
import type { Paged } from "../../api/pages";
import { ledgerQuery, payoutHistoryQuery } from "../../api/payouts";
import type { LedgerLine, PayoutRecord } from "../../api/types";
import { ShowMore } from "../../components/ShowMore";
import { formatCents, formatDateTime } from "../../lib/format";
import { dateText } from "../../lib/orders";

/*
 * The payouts tab's two lists (issue 23): the payouts and the per-order ledger, newest first. The
 * first page of each comes with the summary; "Show more payouts" and "Show more ledger entries" read
 * the next from /payouts/history and /ledger, so the tab never asks for an owner's whole history.
 */

const PAYOUT_WORDS: Record<PayoutRecord["status"], string> = {
  requested: "Requested",
  paid: "Paid",
  failed: "Failed",
};

function LedgerFigure({ label, cents, strong = false }: { label: string; cents: number; strong?: boolean }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className={strong ? "font-semibold text-slate-900" : "text-slate-700"}>{formatCents(cents)}</dd>
    </div>
  );
}

export function PayoutHistory({ userId, first }: { userId: string; first: Paged<PayoutRecord> }) {
  const pages = useInfiniteQuery(payoutHistoryQuery(userId, first));
  const payouts = pages.data.pages.flatMap((p) => p.items);
  return (
    <section aria-labelledby="payouts-heading">
      <h2 id="payouts-heading" className="text-lg font-semibold text-slate-900">
        Payout History
      </h2>
      {payouts.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No payouts yet.</p>
      ) : (
        <table className="mt-3 w-full text-left text-sm">
          <thead className="text-slate-500">
            <tr>
              <th scope="col" className="py-2 font-medium">
                Requested
              </th>
              <th scope="col" className="py-2 font-medium">
                Amount
              </th>
              <th scope="col" className="py-2 font-medium">
                Status
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {payouts.map((p) => (
              <tr key={p.id}>
                <td className="py-2">{formatDateTime(p.createdAt)}</td>
                <td className="py-2 font-medium">{formatCents(p.amountCents)}</td>
                <td className="py-2">
                  {PAYOUT_WORDS[p.status]}
                  {p.paidAt ? ` ${formatDateTime(p.paidAt)}` : ""}
                  {p.failure ? <span className="block text-red-700">{p.failure}</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ShowMore pages={pages} label="Show more payouts" />
    </section>
  );
}

export function EarningsByOrder({ userId, first }: { userId: string; first: Paged<LedgerLine> }) {
  const pages = useInfiniteQuery(ledgerQuery(userId, first));
  const ledger = pages.data.pages.flatMap((p) => p.items);
  return (
    <section aria-labelledby="ledger-heading">
      <h2 id="ledger-heading" className="text-lg font-semibold text-slate-900">
        Earnings by Order
      </h2>
      {ledger.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No earnings yet: an order earns once you accept it.</p>
      ) : (
        // One entry per order, its three figures labelled: a table of six columns did not fit a phone.
        <ul className="mt-3 divide-y divide-slate-100 text-sm">
          {ledger.map((e) => (
            <li key={e.jobId} className="py-3">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <p className="min-w-0 wrap-anywhere">
                  <span className="font-medium text-slate-900">{e.orderNumber ?? "—"}</span>{" "}
                  <span className="text-slate-600">{e.fileName}</span>
                </p>
                <p className="text-slate-700">
                  <span className="font-medium">{LEDGER_WORDS[e.status]}</span>
                  {e.status === "held" && e.heldUntil ? (
                    <span className="text-slate-600"> · Frees up on {dateText(e.heldUntil)}</span>
                  ) : null}
                </p>
              </div>
              <dl className={`mt-1 grid gap-2 ${e.reversedCents > 0 ? "grid-cols-2 sm:grid-cols-4" : "grid-cols-3"}`}>
                <LedgerFigure label="Customer paid" cents={e.customerPaidCents} />
                <LedgerFigure label="Platform fee" cents={e.platformFeeCents} />
                <LedgerFigure label="You earn" cents={e.ownerEarningsCents} strong />
                {e.reversedCents > 0 ? <LedgerFigure label="Taken back for refunds" cents={-e.reversedCents} /> : null}
              </dl>
            </li>
          ))}
        </ul>
      )}
      <ShowMore pages={pages} label="Show more ledger entries" />
    </section>
  );
}
