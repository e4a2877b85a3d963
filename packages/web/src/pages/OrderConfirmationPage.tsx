import { Link } from "@tanstack/react-router";
import { PageBody, PageHeading } from "../components/PageHeading";

export function OrderConfirmationPage() {
  return (
    <>
      <PageHeading title="Order Confirmed!" subtitle="Thank you for your order. The printer owner will review it shortly." />
      <PageBody>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Link to="/orders" className="rounded-lg bg-brand-600 px-5 py-2.5 text-center font-semibold text-white hover:bg-brand-700">
            View My Orders
          </Link>
          <Link
            to="/upload"
            className="rounded-lg border border-brand-600 px-5 py-2.5 text-center font-semibold text-brand-700 hover:bg-brand-50"
          >
            Upload Another Design
          </Link>
        </div>
      </PageBody>
    </>
  );
}
