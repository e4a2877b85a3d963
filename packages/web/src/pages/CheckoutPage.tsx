import { Link } from "@tanstack/react-router";
import { PageBody, PageHeading } from "../components/PageHeading";

export function CheckoutPage() {
  return (
    <>
      <PageHeading title="Checkout" subtitle="Review your order and pay securely.">
        <Link to="/my-orders" className="mt-4 inline-flex text-sm font-semibold text-brand-700 hover:underline">
          Back to Orders
        </Link>
      </PageHeading>
      <PageBody>
        <p className="text-slate-600">Your order summary and payment form will appear here.</p>
      </PageBody>
    </>
  );
}
