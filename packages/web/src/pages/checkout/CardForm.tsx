import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { paymentsConfigQuery } from "../../api/orders";
import { Spinner } from "../../components/Spinner";
import type { CardFormProps } from "./PaymentForm";
import { TestCardForm } from "./TestCardForm";

// Stripe.js and Elements load only when a publishable key is configured, and only where a card is asked for.
const StripeCardForm = lazy(() => import("./StripeCardForm"));

const loading = (
  <div role="status" aria-label="Loading payment form" className="flex justify-center py-8">
    <Spinner />
  </div>
);

/**
 * The card form of the server's payment provider: Stripe Elements, or local mode's test-card
 * form. Checkout and a new hold for a higher agreed price (the customer's order page) both use it.
 */
export function ProviderCardForm(props: CardFormProps) {
  const config = useQuery(paymentsConfigQuery);
  if (config.isPending) return loading;
  if (config.data?.provider === "stripe")
    return (
      <Suspense fallback={loading}>
        <StripeCardForm publishableKey={config.data.publishableKey} {...props} />
      </Suspense>
    );
  if (config.data?.provider === "test" && config.data.testConfirmUrl)
    return <TestCardForm confirmUrl={config.data.testConfirmUrl} {...props} />;
  return config.isSuccess ? (
    <p role="alert" className="text-sm text-red-700">
      Card payments are not configured on this server.
    </p>
  ) : null;
}
