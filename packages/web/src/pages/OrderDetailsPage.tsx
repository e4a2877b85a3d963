import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { printJobQuery } from "../api/jobs";
import { PageBody, PageHeading } from "../components/PageHeading";
import { Spinner } from "../components/Spinner";
import { OwnerOrderView } from "./order/OwnerOrderView";

/** /order/{id} (spec 2 §2 "Order details"): the order as its viewer may see it; the server says which (`viewer`). */
export function OrderDetailsPage({ orderId }: { orderId: string }) {
  const order = useQuery(printJobQuery(orderId));
  if (order.isPending) {
    return (
      <div role="status" aria-label="Loading order" className="flex justify-center py-24">
        <Spinner />
      </div>
    );
  }
  if (order.isError) {
    return (
      <PageBody className="text-center">
        <h1 className="text-2xl font-bold text-slate-900">Order Not Found</h1>
        <Link to="/dashboard" className="mt-4 inline-flex font-semibold text-brand-700 hover:underline">
          Back to Dashboard
        </Link>
      </PageBody>
    );
  }
  if (order.data.viewer === "owner") return <OwnerOrderView order={order.data} />;
  return (
    <>
      <PageHeading title="Order Details" subtitle={`Order ${order.data.orderNumber ?? ""}`}>
        <Link to="/dashboard" className="mt-4 inline-flex text-sm font-semibold text-brand-700 hover:underline">
          Back to Dashboard
        </Link>
      </PageHeading>
      <PageBody>
        <p className="text-slate-600">The order, its printer, messages and timeline will appear here.</p>
      </PageBody>
    </>
  );
}
