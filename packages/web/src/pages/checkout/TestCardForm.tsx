import { useId, useState } from "react";
import { confirmTestCard } from "../../api/orders";
import { TextField } from "../../components/TextField";
import { type CardFormProps, PaymentForm } from "./PaymentForm";

/** "4242424242424242" → "4242 4242 4242 4242" as it is typed. */
const groupCard = (v: string) =>
  v
    .replace(/\D/g, "")
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");

/** "1230" → "12 / 30". */
function formatExpiry(v: string): string {
  const d = v.replace(/\D/g, "").slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
}

function cardProblem(number: string, expiry: string, cvc: string, now = new Date()): string | null {
  const digits = number.replace(/\D/g, "");
  if (digits.length < 12) return "Your card number is incomplete.";
  const m = /^(\d{2}) \/ (\d{2})$/.exec(expiry);
  if (!m) return "Your card's expiration date is incomplete.";
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return "Your card's expiration date is invalid.";
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1))
    return "Your card's expiration date is in the past.";
  if (!/^\d{3,4}$/.test(cvc)) return "Your card's security code is incomplete.";
  return null;
}

/**
 * Local mode's card form (no Stripe.js offline): the same frame as Stripe Elements, marked as
 * test mode, with Card number, Expiry date and CVC; it confirms through `testConfirmUrl`.
 */
export function TestCardForm({ confirmUrl, clientSecret, onResult, onConfirming, ...rest }: CardFormProps & { confirmUrl: string }) {
  const id = useId();
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  return (
    <PaymentForm
      {...rest}
      testMode
      validateCard={() => cardProblem(number, expiry, cvc)}
      confirm={async (billing) => {
        if (!clientSecret) return;
        onConfirming();
        onResult(
          await confirmTestCard(confirmUrl, {
            clientSecret,
            cardNumber: number.replace(/\s/g, ""),
            name: billing.name,
            email: billing.email,
          }),
        );
      }}
      cardFields={
        <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4">
          <legend className="px-1 text-sm font-medium text-slate-700">Card (test mode)</legend>
          <TextField
            id={`${id}-number`}
            label="Card number"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="4242 4242 4242 4242"
            value={number}
            onChange={(e) => setNumber(groupCard(e.target.value))}
          />
          <div className="grid grid-cols-2 gap-3">
            <TextField
              id={`${id}-expiry`}
              label="Expiry date"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM / YY"
              value={expiry}
              onChange={(e) => setExpiry(formatExpiry(e.target.value))}
            />
            <TextField
              id={`${id}-cvc`}
              label="CVC"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
              value={cvc}
              onChange={(e) => setCvc(e.target.value.replace(/\D/g, "").slice(0, 4))}
            />
          </div>
        </fieldset>
      }
    />
  );
}
