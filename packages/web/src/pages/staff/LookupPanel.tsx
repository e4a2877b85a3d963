import { currentPaymentStatus, PAYMENT_WORDS } from "@printhood/core/shared/payment-status";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, type ReactNode, useState } from "react";
import { lookupQuery } from "../../api/staff";
import type { StaffLookup } from "../../api/types";
import { JobStatusBadge } from "../../components/JobStatusBadge";
import { formatDollars } from "../../lib/format";
import { dateTimeText } from "../../lib/orders";
import { cardClass, inputClass, primaryButton } from "../../lib/styles";
import { Loading } from "./Loading";
import { RefundButton } from "./RefundButton";
import { FoundRow, StaffTable } from "./StaffTable";
import { SuspendButton } from "./SuspendButton";

/**
 * Any account, printer or order by e-mail, username, number or id (GET /api/staff/lookup?q=), with
 * suspension at hand, and Refund by hand on an order with money left to refund.
 */
export function LookupPanel({ q }: { q: string | undefined }) {
  const navigate = useNavigate();
  const [text, setText] = useState(q ?? "");
  const found = useQuery(lookupQuery(q ?? ""));
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void navigate({ to: "/staff", search: { tab: "lookup", ...(text.trim() ? { q: text.trim() } : {}) } });
  }
  return (
    <div className="space-y-6">
      <form aria-label="Look up" onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1">
          <label htmlFor="staff-lookup" className="block text-sm font-medium text-slate-700">
            E-mail, username, order number or printer number
          </label>
          <input
            id="staff-lookup"
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="maria@printhood.local, PH-10423, #12"
            className={inputClass}
          />
        </div>
        <button type="submit" className={primaryButton}>
          Look up
        </button>
      </form>
      {!q ? null : found.isPending ? (
        <Loading what="results" />
      ) : found.isError ? (
        <p role="alert">The look-up failed. {found.error.message}</p>
      ) : (
        <Results data={found.data} />
      )}
    </div>
  );
}

function Results({ data }: { data: StaffLookup }) {
  if (!data.users.length && !data.printers.length && !data.orders.length) {
    return <p role="status">Nothing matches “{data.query}”.</p>;
  }
  const suspended = (s: { at: string; reason: string } | null) => (s ? `Suspended ${dateTimeText(s.at)}: ${s.reason}` : null);
  return (
    <div className="space-y-6">
      {data.users.length ? (
        <Found id="found-accounts" title="Accounts">
          {data.users.map((u) => (
            <FoundRow
              key={u.id}
              title={
                <>
                  {u.email} {u.isStaff ? <span className="text-sm text-brand-700">(staff)</span> : null}
                </>
              }
              facts={`${u.name ?? u.username} · ${u.userType.replace("_", " ")} · since ${dateTimeText(u.createdAt)}`}
              alert={suspended(u.suspension)}
              action={<SuspendButton kind="user" id={u.id} label={u.email} suspended={!!u.suspension} />}
            />
          ))}
        </Found>
      ) : null}
      {data.printers.length ? (
        <Found id="found-printers" title="Printers">
          {data.printers.map((p) => (
            <FoundRow
              key={p.id}
              title={`${p.name}${p.number !== null ? ` #${p.number}` : ""}`}
              facts={`${p.model} · ${p.location} · ${p.ownerEmail ?? "no owner"} · ${p.openOrders} open order${p.openOrders === 1 ? "" : "s"}${p.isAvailable ? "" : " · offline"}`}
              alert={suspended(p.suspension) ?? (p.ownerSuspended ? "Hidden: its owner is suspended" : null)}
              action={<SuspendButton kind="printer" id={p.id} label={p.name} suspended={!!p.suspension} />}
            />
          ))}
        </Found>
      ) : null}
      {data.orders.length ? (
        <section aria-labelledby="found-orders" className={cardClass}>
          <h3 id="found-orders" className="text-lg font-semibold text-slate-900">
            Orders
          </h3>
          <StaffTable columns={["Order", "Status", "Customer", "Printer", "Total", "Submitted", ""]}>
            {data.orders.map((o) => (
              <tr key={o.id}>
                <td className="py-2 pr-4">
                  {o.orderNumber ?? o.id.slice(0, 8)} <span className="text-slate-500">{o.fileName}</span>
                </td>
                <td className="py-2 pr-4">
                  <JobStatusBadge status={o.status} />
                  {o.cancelReason ? <span className="ml-1 text-slate-500">({o.cancelReason.replace(/_/g, " ")})</span> : null}
                </td>
                <td className="py-2 pr-4">{o.customerEmail ?? "—"}</td>
                <td className="py-2 pr-4">
                  {o.printerName ?? "—"} <span className="text-slate-500">{o.ownerEmail ?? ""}</span>
                </td>
                <td className="py-2 pr-4">
                  {formatDollars(o.totalCost)}
                  {o.paymentStatus ? (
                    <span className="block text-slate-500">{PAYMENT_WORDS[currentPaymentStatus(o.status, o.paymentStatus)]}</span>
                  ) : null}
                  {/* A partly refunded order is still "Captured": what went back, and what is on its way, beside it. */}
                  {Number(o.refunded) > 0 && o.paymentStatus !== "refunded" ? (
                    <span className="block text-slate-500">{formatDollars(o.refunded)} refunded</span>
                  ) : null}
                  {Number(o.refundOwed) > 0 ? (
                    <span className="block text-slate-500">{formatDollars(o.refundOwed)} refund on its way</span>
                  ) : null}
                </td>
                <td className="py-2 pr-4">{dateTimeText(o.submittedAt)}</td>
                <td className="py-2">
                  <RefundButton order={o} />
                </td>
              </tr>
            ))}
          </StaffTable>
        </section>
      ) : null}
    </div>
  );
}

/** One kind of result: a headed card with its rows. */
function Found({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={cardClass}>
      <h3 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h3>
      <ul className="mt-3 divide-y divide-slate-100">{children}</ul>
    </section>
  );
}
