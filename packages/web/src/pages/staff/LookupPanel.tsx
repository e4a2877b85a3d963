import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { lookupQuery } from "../../api/staff";
import type { StaffLookup } from "../../api/types";
import { JobStatusBadge } from "../../components/JobStatusBadge";
import { dateTimeText } from "../../lib/orders";
import { cardClass, inputClass, primaryButton } from "../../lib/styles";
import { Loading } from "./Loading";
import { SuspendButton } from "./SuspendButton";

/** Any account, printer or order by e-mail, username, number or id (GET /api/staff/lookup?q=), with suspension at hand. */
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
  return (
    <div className="space-y-6">
      {data.users.length ? (
        <section aria-labelledby="found-accounts" className={cardClass}>
          <h3 id="found-accounts" className="text-lg font-semibold text-slate-900">
            Accounts
          </h3>
          <ul className="mt-3 divide-y divide-slate-100">
            {data.users.map((u) => (
              <li key={u.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-medium text-slate-900">
                    {u.email} {u.isStaff ? <span className="text-sm text-brand-700">(staff)</span> : null}
                  </p>
                  <p className="text-sm text-slate-600">
                    {u.name ?? u.username} · {u.userType.replace("_", " ")} · since {dateTimeText(u.createdAt)}
                  </p>
                  {u.suspension ? (
                    <p className="text-sm font-medium text-red-700">
                      Suspended {dateTimeText(u.suspension.at)}: {u.suspension.reason}
                    </p>
                  ) : null}
                </div>
                <SuspendButton kind="user" id={u.id} label={u.email} suspended={!!u.suspension} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {data.printers.length ? (
        <section aria-labelledby="found-printers" className={cardClass}>
          <h3 id="found-printers" className="text-lg font-semibold text-slate-900">
            Printers
          </h3>
          <ul className="mt-3 divide-y divide-slate-100">
            {data.printers.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-medium text-slate-900">
                    {p.name}
                    {p.number !== null ? ` #${p.number}` : ""}
                  </p>
                  <p className="text-sm text-slate-600">
                    {p.model} · {p.location} · {p.ownerEmail ?? "no owner"} · {p.openOrders} open order{p.openOrders === 1 ? "" : "s"}
                    {p.isAvailable ? "" : " · offline"}
                  </p>
                  {p.suspension ? (
                    <p className="text-sm font-medium text-red-700">
                      Suspended {dateTimeText(p.suspension.at)}: {p.suspension.reason}
                    </p>
                  ) : p.ownerSuspended ? (
                    <p className="text-sm font-medium text-red-700">Hidden: its owner is suspended</p>
                  ) : null}
                </div>
                <SuspendButton kind="printer" id={p.id} label={p.name} suspended={!!p.suspension} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {data.orders.length ? (
        <section aria-labelledby="found-orders" className={cardClass}>
          <h3 id="found-orders" className="text-lg font-semibold text-slate-900">
            Orders
          </h3>
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-4">
                    Order
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Status
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Customer
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Printer
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Total
                  </th>
                  <th scope="col" className="py-2">
                    Submitted
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
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
                    <td className="py-2 pr-4">${o.totalCost}</td>
                    <td className="py-2">{dateTimeText(o.submittedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
    </div>
  );
}
