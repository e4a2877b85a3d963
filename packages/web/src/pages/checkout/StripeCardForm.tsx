import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { useState } from "react";
import { type CardFormProps, PaymentForm } from "./PaymentForm";

// Stripe.js is loaded once per publishable key, and only by this module (lazily imported by checkout).
const loaded = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  let p = loaded.get(key);
  if (!p) {
    p = loadStripe(key);
    loaded.set(key, p);
  }
  return p;
};

type Props = CardFormProps & { publishableKey: string };

/** Stripe Elements' card field inside the checkout's payment form (when a publishable key is configured). */
export default function StripeCardForm({ publishableKey, ...props }: Props) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeFields {...props} />
    </Elements>
  );
}

function StripeFields({ clientSecret, onResult, onConfirming, ...frame }: Omit<Props, "publishableKey">) {
  const stripe = useStripe();
  const elements = useElements();
  const [complete, setComplete] = useState(false);
  return (
    <PaymentForm
      {...frame}
      testMode={false}
      validateCard={() =>
        !stripe || !elements ? "The card form is still loading." : complete ? null : "Please complete your card details."
      }
      confirm={async (billing) => {
        const card = elements?.getElement(CardElement);
        if (!stripe || !card || !clientSecret) return;
        onConfirming();
        const result = await stripe.confirmCardPayment(clientSecret, {
          payment_method: { card, billing_details: { name: billing.name, email: billing.email, address: { postal_code: billing.zip } } },
        });
        onResult(result.error ? { ok: false, message: result.error.message ?? "Your card was declined." } : { ok: true });
      }}
      cardFields={
        <div>
          <span className="block text-sm font-medium text-slate-700">Card</span>
          <div className="mt-1 rounded-lg border border-slate-300 px-3 py-3 shadow-sm">
            <CardElement options={{ hidePostalCode: true }} onChange={(e) => setComplete(e.complete)} />
          </div>
        </div>
      }
    />
  );
}
