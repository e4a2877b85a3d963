import { customerMay } from "@printhood/core/shared/lifecycle";
import { matchesOrderRef } from "@printhood/core/shared/order-numbers";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { myOrderPagesQuery } from "../api/orders";
import type { CustomerOrder } from "../api/types";
import { useSignedInUser } from "../auth/signedInUser";
import { JobStatusBadge } from "../components/JobStatusBadge";
import { type CustomerOrderDialog, CustomerOrderDialogs, onOpenIntent } from "../components/orders/CustomerOrderDialogs";
import { PayNowLink } from "../components/orders/PayNowLink";
import { PageBody, PageHeading } from "../components/PageHeading";
import { PartThumbnails } from "../components/project/PartThumbnails";
import { ShowMore } from "../components/ShowMore";
import { Spinner } from "../components/Spinner";
import { formatDollars, formatGrams } from "../lib/format";
import { dateText, orderLabel, printTimeText } from "../lib/orders";
import { inputClass, secondaryButton } from "../lib/styles";

/**
 * My Print Orders (spec 2 §2): the customer's orders as cards, searchable by order number or id.
 * A page at a time, newest first (issue 23): "Show more orders" reads the next; the search looks
 * through the orders read so far.
 */
export function OrdersPage() {
  const user = useSignedInUser();
  const orders = useInfiniteQuery(myOrderPagesQuery(user.id));
  const [search, setSearch] = useState("");
  const [dialog, setDialog] = useState<CustomerOrderDialog>(null);
  const loaded = orders.data?.pages.flatMap((p) => p.items) ?? [];
  const shown = loaded.filter((o) => matchesOrderRef(o, search));
  // A dialog shows the order as the list now has it (after a cancel, its new status).
  const current = dialog ? (loaded.find((o) => o.id === dialog.order.id) ?? dialog.order) : null;

  return (
    <>
      <PageHeading title="My Print Orders" subtitle="Every print job you have submitted, with its status." />
      <PageBody>
        {orders.isPending ? (
          <div role="status" className="flex flex-col items-center gap-3 py-16 text-slate-600">
            <Spinner />
            Loading your orders...
          </div>
        ) : orders.isError ? (
          <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-8 text-center">
            <h2 className="text-lg font-semibold text-red-800">Error loading orders</h2>
            <p className="mt-1 text-sm text-red-700">{orders.error.message}</p>
            <button type="button" onClick={() => void orders.refetch()} className={`${secondaryButton} mt-4 bg-white`}>
              Try Again
            </button>
          </div>
        ) : loaded.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-12 text-center">
            <h2 className="text-xl font-semibold text-slate-900">No Orders Yet</h2>
            <p className="mt-2 text-slate-600">Upload a design, choose a printer and your orders will appear here.</p>
            <Link to="/upload" className="mt-4 inline-flex rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
              Upload Design
            </Link>
          </div>
        ) : (
          <>
            <div className="mb-6 max-w-md">
              <label htmlFor="order-search" className="block text-sm font-medium text-slate-700">
                Find an order
              </label>
              <input
                id="order-search"
                type="search"
                placeholder="Order number, e.g. PH-10423"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                className={inputClass}
              />
            </div>
            {shown.length === 0 ? (
              <p className="text-slate-600">No order matches “{search.trim()}”.</p>
            ) : (
              <ul aria-label="Orders" className="grid grid-cols-1 gap-4 md:grid-cols-2">
                {shown.map((o) => (
                  <OrderCard key={o.id} order={o} open={(kind) => setDialog({ kind, order: o })} />
                ))}
              </ul>
            )}
            <ShowMore pages={orders} label="Show more orders" />
          </>
        )}
      </PageBody>
      <CustomerOrderDialogs
        dialog={dialog && current ? { kind: dialog.kind, order: current } : null}
        viewerId={user.id}
        onClose={() => setDialog(null)}
        via="message"
      />
    </>
  );
}

function OrderCard({ order, open }: { order: CustomerOrder; open: (kind: "details" | "contact" | "cancel") => void }) {
  const label = orderLabel(order);
  return (
    <li aria-label={`Order ${label}`} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="truncate text-lg font-semibold text-slate-900">{order.fileName}</h2>
          <p className="text-sm text-slate-600">
            <Link
              to="/order/$id"
              params={{ id: order.orderNumber ?? order.id }}
              className="inline-flex min-h-6 items-center font-semibold text-brand-700 hover:underline"
            >
              {label}
            </Link>{" "}
            · {dateText(order.submittedAt ?? order.createdAt)}
          </p>
          <PartThumbnails parts={order.parts} counts={order} />
        </div>
        <JobStatusBadge status={order.status} deliveryMethod={order.deliveryMethod} />
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-500">Printer owner</dt>
        <dd className="text-right text-slate-900">{order.printer?.owner?.username ?? "Unknown"}</dd>
        <dt className="text-slate-500">Weight and material</dt>
        <dd className="text-right text-slate-900">
          {formatGrams(order.estimatedWeight)} · {order.material}
        </dd>
        <dt className="text-slate-500">Print time</dt>
        <dd className="text-right text-slate-900">{printTimeText(order.printTimeMinutes)}</dd>
        <dt className="text-slate-500">Total cost</dt>
        <dd className="text-right font-semibold text-slate-900">{formatDollars(order.totalCost)}</dd>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <PayNowLink order={order} small />
        <button type="button" {...onOpenIntent} onClick={() => open("details")} className={`${secondaryButton} px-3 py-1.5 text-sm`}>
          View Order Details
        </button>
        <button type="button" {...onOpenIntent} onClick={() => open("contact")} className={`${secondaryButton} px-3 py-1.5 text-sm`}>
          Contact Printer
        </button>
        {customerMay(order.status, "cancel") ? (
          <button
            type="button"
            {...onOpenIntent}
            onClick={() => open("cancel")}
            className="rounded-lg border border-red-300 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50"
          >
            Cancel Order
          </button>
        ) : null}
      </div>
    </li>
  );
}
