import { Link } from "@tanstack/react-router";

/** Pay Now (spec 2 §2): on an order still waiting for its payment (submitted), to checkout. */
export function PayNowLink({ order, small = false }: { order: { id: string; status: string }; small?: boolean }) {
  if (order.status !== "submitted") return null;
  return (
    <Link
      to="/checkout"
      search={{ orderId: order.id }}
      className={`rounded-lg bg-brand-600 font-semibold text-white hover:bg-brand-700 ${small ? "px-3 py-1.5 text-sm" : "px-4 py-2"}`}
    >
      Pay Now
    </Link>
  );
}
