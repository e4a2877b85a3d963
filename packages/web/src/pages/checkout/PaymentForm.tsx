import { type FormEvent, type ReactNode, useId, useState } from "react";
import { TextField } from "../../components/TextField";

/** What the customer types besides the card: the spec's cardholder name, email and 5-digit ZIP. */
export interface Billing {
  name: string;
  email: string;
  zip: string;
}

/** The billing fields filled from the signed-in person and the order's shipping ZIP, to start with. */
export function initialBilling(
  user: { firstName?: string | null; lastName?: string | null; email: string; zipCode?: string | null },
  order: { shipping: { zipTo: string } | null },
): Billing {
  return {
    name: [user.firstName, user.lastName].filter(Boolean).join(" "),
    email: user.email,
    zip: order.shipping?.zipTo ?? user.zipCode ?? "",
  };
}

/** Where the payment stands (spec 2 §4 "Payment"): idle, intent requested, ready, confirming, succeeded or failed. */
export type PaymentState = "idle" | "intent_requested" | "ready" | "confirming" | "succeeded" | "failed";

/** `amountCents`: what the card was confirmed for (the intent's amount as the provider answered it). */
export type ConfirmResult = { ok: true; amountCents?: number } | { ok: false; message: string };

/** What checkout hands either card form (Stripe Elements or the local test-card form). */
export interface CardFormProps {
  clientSecret: string | null;
  onConfirming: () => void;
  onResult: (result: ConfirmResult) => void;
  billing: Billing;
  onBillingChange: (b: Billing) => void;
  shipping: ReactNode;
  amount: string | null;
  state: PaymentState;
  blockedReason: string | null;
  /** The provider's message after a declined or failed confirmation (spec 2 §8 "Payment Failed"). */
  failure: string | null;
}

/**
 * The card form's frame, the same for Stripe Elements and the local test-card form: billing fields,
 * the provider's card fields, the shipping choice (for shipping orders), and the pay button with the
 * server's amount. `confirm` is the provider's: it confirms the card with the intent's client secret.
 */
export function PaymentForm({
  billing,
  onBillingChange,
  cardFields,
  validateCard,
  shipping,
  amount,
  state,
  blockedReason,
  confirm,
  testMode,
  failure,
}: {
  billing: Billing;
  onBillingChange: (b: Billing) => void;
  cardFields: ReactNode;
  /** The card fields' own problem, if any (checked before confirming). */
  validateCard: () => string | null;
  shipping: ReactNode;
  /** "$12.34": the intent's amount (null while it is requested). */
  amount: string | null;
  state: PaymentState;
  /** Why paying is not possible yet (e.g. choose a shipping option). */
  blockedReason: string | null;
  confirm: (billing: Billing) => Promise<void>;
  testMode: boolean;
  failure: string | null;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const busy = state === "confirming" || state === "succeeded";
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem =
      (!billing.name.trim() && "Please enter the cardholder name.") ||
      (!/^\S+@\S+\.\S+$/.test(billing.email.trim()) && "Please enter a valid email address.") ||
      (!/^\d{5}$/.test(billing.zip) && "Please enter a 5-digit ZIP code.") ||
      validateCard();
    setError(problem || null);
    if (problem) return;
    await confirm({ name: billing.name.trim(), email: billing.email.trim(), zip: billing.zip });
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`} className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
          Payment
        </h2>
        {testMode ? (
          <span className="rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-amber-800">
            Test mode
          </span>
        ) : null}
      </div>
      {testMode ? (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          Test mode: no real card is charged. Use 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002 to see a declined card.
        </p>
      ) : null}
      <TextField
        id={`${id}-name`}
        label="Cardholder name"
        autoComplete="cc-name"
        value={billing.name}
        onChange={(e) => onBillingChange({ ...billing, name: e.target.value })}
      />
      <TextField
        id={`${id}-email`}
        label="Email"
        type="email"
        autoComplete="email"
        value={billing.email}
        onChange={(e) => onBillingChange({ ...billing, email: e.target.value })}
      />
      {cardFields}
      <TextField
        id={`${id}-zip`}
        label="ZIP code"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={5}
        value={billing.zip}
        onChange={(e) => onBillingChange({ ...billing, zip: e.target.value.replace(/\D/g, "").slice(0, 5) })}
      />
      {shipping}
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {failure ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <p className="font-semibold">Payment Failed</p>
          <p>{failure}</p>
          <p className="mt-1">Nothing was charged. Check your card details and try again.</p>
        </div>
      ) : null}
      <button
        type="submit"
        disabled={busy || !amount || !!blockedReason || state === "intent_requested"}
        className="w-full rounded-xl bg-brand-600 px-5 py-3 text-lg font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {state === "confirming" ? "Processing..." : amount ? `Pay ${amount}` : "Preparing payment..."}
      </button>
      {blockedReason ? <p className="text-sm text-slate-600">{blockedReason}</p> : null}
      <p className="text-xs text-slate-500">
        Your card is authorised now and charged only when the printer owner accepts your order. If they decline, the hold is released.
      </p>
    </form>
  );
}
