import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { useEffect, useMemo, useState } from "react";
import { type CardFormProps, PaymentForm } from "./PaymentForm";

// Stripe.js is loaded once per publishable key, and only by this module (lazily imported by checkout).
// A load that fails (blocked, offline) resolves null and is forgotten, so Try again loads it anew.
const loaded = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  let p = loaded.get(key);
  if (!p) {
    p = loadStripe(key).catch((error: unknown) => {
      console.error("Stripe.js could not be loaded", error);
      loaded.delete(key);
      return null;
    });
    loaded.set(key, p);
  }
  return p;
};

type Props = CardFormProps & { publishableKey: string };

/**
 * Stripe Elements' card field inside the checkout's payment form (when a publishable key is
 * configured). If Stripe.js cannot load, it says so (spec 2 §8 "Payment Error") with Try again,
 * instead of a card form that never finishes loading.
 */
export default function StripeCardForm({ publishableKey, ...props }: Props) {
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt loads Stripe.js again
  const current = useMemo(() => stripeFor(publishableKey), [publishableKey, attempt]);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    void current.then((s) => {
      if (live && !s) setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [current]);
  if (failed)
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        <p className="font-semibold">Payment Error</p>
        <p>Failed to initialize payment. Please try again.</p>
        <button
          type="button"
          onClick={() => {
            setFailed(false);
            setAttempt((n) => n + 1);
          }}
          className="mt-3 rounded-lg border border-red-300 bg-white px-3 py-1.5 font-medium text-red-800 hover:bg-red-100"
        >
          Try again
        </button>
      </div>
    );
  // A new Elements per attempt: its `stripe` prop cannot change once set.
  return (
    <Elements key={attempt} stripe={current}>
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
        onResult(
          result.error
            ? { ok: false, message: result.error.message ?? "Your card was declined." }
            : { ok: true, amountCents: result.paymentIntent?.amount },
        );
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
