import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { owedMoneyQuery, useCloseMoney, useRetryMoney } from "../../../api/staff";
import type { OwedMoney } from "../../../api/types";
import { formatDollars } from "../../../lib/format";
import { dateTimeText } from "../../../lib/orders";
import { secondaryButton } from "../../../lib/styles";
import { Loading } from "../Loading";
import { ReasonDialog } from "../ReasonDialog";
import { StaffTable } from "../StaffTable";
import { EmptyQueue } from "./EmptyQueue";

const KIND_WORDS: Record<OwedMoney["kind"], string> = {
  release: "Release of a card hold",
  capture: "Capture of a payment",
  refund: "Refund",
  transfer: "Payout to an owner",
};

const describe = (m: OwedMoney) => `${KIND_WORDS[m.kind]}${m.amount ? ` of ${formatDollars(m.amount)}` : ""}`;

/**
 * Money owed (issue 26 point 1; GET /api/staff/money): every release, capture, refund or payout
 * Stripe has not confirmed an hour after it was recorded, or refused for good, oldest first, with
 * its tries and Stripe's last answer. Retry tries it now (a refused one is owed again first), with
 * a reason for the audit log. Close ends a refused refund, release or payout that can never land
 * (the charge was lost to a dispute), with a reason the customer reads.
 */
export function Queue() {
  const owed = useQuery(owedMoneyQuery);
  const [retrying, setRetrying] = useState<OwedMoney | null>(null);
  const retry = useRetryMoney();
  const [closing, setClosing] = useState<OwedMoney | null>(null);
  const close = useCloseMoney();
  if (owed.isPending) return <Loading what="money owed" />;
  if (owed.isError) return <p role="alert">The money owed could not be loaded. {owed.error.message}</p>;
  if (!owed.data.length) return <EmptyQueue>No money is owed: every refund, release and payout has gone through.</EmptyQueue>;
  return (
    <>
      <StaffTable columns={["What", "For", "Amount", "State", "Tries", "Stripe's last answer", "Owed since", ""]}>
        {owed.data.map((m) => (
          <tr key={m.id}>
            <td className="py-2 pr-4">{KIND_WORDS[m.kind]}</td>
            <td className="py-2 pr-4">
              {m.orderId ? (
                <Link
                  to="/staff"
                  search={{ tab: "lookup", q: m.orderNumber ?? m.orderId }}
                  className="font-medium text-brand-700 hover:underline"
                >
                  Order {m.orderNumber ?? `${m.orderId.slice(0, 8)}…`}
                </Link>
              ) : (
                `Payout ${m.payoutId?.slice(0, 8) ?? ""}`
              )}
            </td>
            <td className="py-2 pr-4">{m.amount ? formatDollars(m.amount) : "—"}</td>
            <td className="py-2 pr-4">
              {m.state === "failed" ? (
                <span className="font-medium text-red-700">Refused by Stripe</span>
              ) : (
                <span className={m.overdue ? "font-medium text-amber-800" : ""}>
                  {m.overdue ? "Overdue" : "Waiting"}
                  {m.nextTryAt ? ` · next try ${dateTimeText(m.nextTryAt)}` : ""}
                </span>
              )}
            </td>
            <td className="py-2 pr-4">{m.attempts}</td>
            <td className="py-2 pr-4">{m.lastError ?? "—"}</td>
            <td className="py-2 pr-4">{dateTimeText(m.createdAt)}</td>
            <td className="py-2">
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className={`${secondaryButton} text-sm`}
                  aria-label={`Retry: ${describe(m)}, owed since ${dateTimeText(m.createdAt)}`}
                  onClick={() => setRetrying(m)}
                >
                  Retry
                </button>
                {m.state === "failed" && m.kind !== "capture" ? (
                  <button
                    type="button"
                    className={`${secondaryButton} text-sm`}
                    aria-label={`Close: ${describe(m)}, owed since ${dateTimeText(m.createdAt)}`}
                    onClick={() => setClosing(m)}
                  >
                    Close
                  </button>
                ) : null}
              </div>
            </td>
          </tr>
        ))}
      </StaffTable>
      {retrying ? (
        <ReasonDialog
          open
          onClose={() => setRetrying(null)}
          title={`Retry: ${describe(retrying)}`}
          description="It is tried with Stripe now, with the same idempotency key (Stripe never moves the money twice). Say what changed since it failed."
          reasonLabel="Reason"
          submitText="Retry"
          busy={retry.isPending}
          onSubmit={(reason) => retry.mutate({ id: retrying.id, reason }, { onSuccess: () => setRetrying(null) })}
        />
      ) : null}
      {closing ? (
        <ReasonDialog
          open
          onClose={() => setClosing(null)}
          title={`Close: ${describe(closing)}`}
          description={
            closing.kind === "transfer"
              ? "The payout's amount is already back in the owner's balance; closing takes it off this list."
              : "Only when it can never land (the charge was lost to a dispute, or the customer was paid another way). It stops being owed and is not tried again; the owner's earning it took back stays taken back. The customer is told, with your reason."
          }
          reasonLabel={closing.kind === "transfer" ? "Reason" : "Reason the customer will read"}
          submitText="Close without paying"
          busy={close.isPending}
          onSubmit={(reason) => close.mutate({ id: closing.id, reason }, { onSuccess: () => setClosing(null) })}
        />
      ) : null}
    </>
  );
}
