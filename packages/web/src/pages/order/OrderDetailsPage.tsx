import { Link } from "@tanstack/react-router";
import { PageBody, PageHeading } from "../components/PageHeading";

export function OrderDetailsPage({ orderId }: { orderId: string }) {
  return (
    <>
      <PageHeading title="Order Details" subtitle={`Order #${orderId}`}>
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
