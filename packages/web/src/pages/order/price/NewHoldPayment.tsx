import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { queryKeys } from "../../../api/keys";
import { newHoldQuery } from "../../../api/price-proposals";
import type { Order } from "../../../api/types";
import { useSignedInUser } from "../../../auth/signedInUser";
import { useToast } from "../../../components/Toasts";
import { formatCents } from "../../../lib/format";
import { ProviderCardForm } from "../../checkout/CardForm";
import { type Billing, type ConfirmResult, initialBilling, type PaymentState } from "../../checkout/PaymentForm";

/**
 * A higher accepted price (issue 25 point 4): the customer confirms a new hold for the new total
 * with their card, with the same card form as checkout. Stripe's word arrives by webhook, so after
 * the card is confirmed the order is read again every two seconds until it holds the new price.
 */
export function NewHoldPayment({ order }: { order: Pick<Order, "id" | "shipping"> }) {
  const user = useSignedInUser();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const intent = useQuery(newHoldQuery(order.id));
  const [billing, setBilling] = useState<Billing>(() => initialBilling(user, order));
  const [outcome, setOutcome] = useState<PaymentState | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (outcome !== "succeeded") return;
    const timer = setInterval(() => void queryClient.invalidateQueries({ queryKey: queryKeys.printJobs.one(order.id) }), 2000);
    return () => clearInterval(timer);
  }, [outcome, order.id, queryClient]);

  const onResult = (result: ConfirmResult) => {
    if (result.ok) {
      setOutcome("succeeded");
      setFailure(null);
      toast({ title: "New Price Held", description: "Your card holds the new price. The order updates in a moment." });
    } else {
      setOutcome("failed");
      setFailure(result.message);
      toast({ title: "Payment Failed", description: result.message, variant: "destructive" });
    }
  };
  if (intent.isError)
    return (
      <p role="alert" className="mt-3 text-sm text-red-700">
        Failed to initialize payment. Please try again. <span className="block">{intent.error.message}</span>
      </p>
    );
  return (
    <div className="mt-3 rounded-lg border border-slate-200 bg-white p-4">
      <ProviderCardForm
        clientSecret={intent.data?.clientSecret ?? null}
        onConfirming={() => {
          setOutcome("confirming");
          setFailure(null);
        }}
        onResult={onResult}
        billing={billing}
        onBillingChange={setBilling}
        shipping={null}
        amount={intent.data ? formatCents(intent.data.amountCents) : null}
        state={outcome ?? (intent.isPending ? "intent_requested" : "ready")}
        blockedReason={null}
        failure={failure}
      />
    </div>
  );
}
