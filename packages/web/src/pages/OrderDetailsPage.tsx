import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { printJobQuery } from "../api/jobs";
import type { Order } from "../api/types";
import { useSignedInUser } from "../auth/signedInUser";
import { JobStatusBadge } from "../components/JobStatusBadge";
import { ContactPrinterButton } from "../components/messages/ContactPrinterDialog";
import { OrderThread } from "../components/messages/OrderThread";
import { PageBody, PageHeading } from "../components/PageHeading";
import { ReviewPanel } from "../components/reviews/ReviewPanel";

/** /order/{id}: the order, its thread and, once picked up or shipped, the rating (the rest of the page is the orders screens'). */
export function OrderDetailsPage({ orderId }: { orderId: string }) {
  const user = useSignedInUser();
  const { data, isPending, isError } = useQuery(printJobQuery(orderId));
  const order = data as Order | undefined;
  const backTo = order?.viewer === "owner" ? "/printer-tracking" : "/dashboard";

  if (isPending) {
    return (
      <PageBody>
        <p className="text-slate-600">Loading order…</p>
      </PageBody>
    );
  }
  if (isError || !order) {
    return (
      <PageBody>
        <h1 className="text-2xl font-bold text-slate-900">Order Not Found</h1>
        <Link to="/dashboard" className="mt-4 inline-flex font-semibold text-brand-700 hover:underline">
          Back to Dashboard
        </Link>
      </PageBody>
    );
  }

  return (
    <>
      <PageHeading title="Order Details" subtitle={`Order ${order.orderNumber ?? order.id}`}>
        <Link to={backTo} className="mt-4 inline-flex text-sm font-semibold text-brand-700 hover:underline">
          {order.viewer === "owner" ? "Back to Tracking" : "Back to Dashboard"}
        </Link>
      </PageHeading>
      <PageBody className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="order-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <div className="flex items-start justify-between gap-3">
            <h2 id="order-heading" className="text-lg font-semibold text-slate-900">
              {order.fileName}
            </h2>
            <JobStatusBadge status={order.status} />
          </div>
          {order.viewer === "customer" && order.printer ? (
            <p className="mt-2 text-sm text-slate-600">Printer: {order.printer.name}</p>
          ) : null}
          {order.viewer === "customer" ? (
            <div className="mt-4">
              <ContactPrinterButton
                job={{ id: order.id, fileName: order.fileName, printerName: order.printer?.name ?? null }}
                viewerId={user.id}
              />
            </div>
          ) : null}
        </section>
        <ReviewPanel order={order} />
        <div className="lg:col-span-2">
          <OrderThread orderId={order.id} viewerId={user.id} />
        </div>
      </PageBody>
    </>
  );
}
