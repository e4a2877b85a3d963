import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { printJobQuery } from "../../api/jobs";
import { PageBody } from "../../components/PageHeading";
import { Spinner } from "../../components/Spinner";
import { cardClass } from "../../lib/styles";
import { CustomerOrderView } from "./CustomerOrderView";
import { OwnerOrderView } from "./OwnerOrderView";

/**
 * /order/{id} (spec 2 §2 "Order details"): the address takes the order's id or its number. The
 * server answers only the order's customer and its printer's owner (anyone else: the same 404 as a
 * missing order) and says which one is asking (`viewer`); each sees their own view.
 */
export function OrderDetailsPage({ orderId }: { orderId: string }) {
  const order = useQuery(printJobQuery(orderId));
  if (order.isPending)
    return (
      <PageBody>
        <div role="status" aria-label="Loading order" className="flex justify-center py-16">
          <Spinner />
        </div>
      </PageBody>
    );
  if (order.isError)
    return (
      <PageBody>
        <div className={`${cardClass} mx-auto max-w-xl text-center`}>
          <h1 className="text-2xl font-bold text-slate-900">Order Not Found</h1>
          <p className="mt-2 text-slate-600">{order.error.message}</p>
          <Link to="/dashboard" className="mt-6 inline-flex min-h-6 items-center font-semibold text-brand-700 hover:underline">
            Back to Dashboard
          </Link>
        </div>
      </PageBody>
    );
  return order.data.viewer === "owner" ? <OwnerOrderView order={order.data} /> : <CustomerOrderView order={order.data} />;
}
