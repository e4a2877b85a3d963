import { paymentTaken } from "@printhood/core/shared/job-groups";
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useDeferredValue, useEffect, useRef, useState } from "react";
import { referenceOf } from "../api/client";
import { printJobQuery } from "../api/jobs";
import {
  paymentIntentQuery,
  paymentsConfigQuery,
  shippingQuoteQuery,
  useChooseShipping,
  usePaymentSucceeded,
  useTotalChangedFrom,
} from "../api/orders";
import type { Order } from "../api/types";
import { useSignedInUser } from "../auth/signedInUser";
import { statusLabel } from "../components/JobStatusBadge";
import { PageBody, PageHeading } from "../components/PageHeading";
import { linesOfJob, PartLines } from "../components/project/PartLines";
import { Spinner } from "../components/Spinner";
import { useToast } from "../components/Toasts";
import { formatCents, formatGrams } from "../lib/format";
import { deliveryLabel, orderLabel } from "../lib/orders";
import { isProject } from "../lib/parts";
import { cardClass } from "../lib/styles";
import { ProviderCardForm } from "./checkout/CardForm";
import { type Billing, type CardFormProps, type ConfirmResult, initialBilling, type PaymentState } from "./checkout/PaymentForm";
import { ShippingOptions } from "./checkout/ShippingOptions";

export interface CheckoutSearch {
  orderId?: string;
}

const backLink = (
  <Link to="/my-orders" className="mt-4 inline-flex min-h-6 items-center text-sm font-semibold text-brand-700 hover:underline">
    Back to Orders
  </Link>
);

/** Checkout (spec 2 §2): the order's summary, the shipping choice and the card payment. */
export function CheckoutPage({ search = {} }: { search?: CheckoutSearch }) {
  const orderId = search.orderId;
  if (!orderId)
    return (
      <>
        <PageHeading title="Invalid Checkout" subtitle="No order was given to pay for.">
          {backLink}
        </PageHeading>
        <PageBody>
          <p className="text-slate-600">Open checkout from one of your orders.</p>
        </PageBody>
      </>
    );
  return <CheckoutForOrder orderId={orderId} />;
}

function CheckoutForOrder({ orderId }: { orderId: string }) {
  const order = useQuery(printJobQuery(orderId));
  // Drawn at a transition's priority, in slices: the query's answer is a synchronous update, and the
  // summary and the payment form in it were one long task on a slow phone (issue 13).
  const data = useDeferredValue(order.data);
  const { toast } = useToast();
  const failedToast = useRef(false);
  useEffect(() => {
    if (order.isError && !failedToast.current) {
      failedToast.current = true;
      toast({
        title: "Failed to fetch order",
        description: order.error.message,
        variant: "destructive",
        reference: referenceOf(order.error),
      });
    }
  }, [order.isError, order.error, toast]);
  return (
    <>
      <PageHeading title="Checkout" subtitle="Review your order and pay securely.">
        {backLink}
      </PageHeading>
      <PageBody>
        {order.isError ? (
          <div className="rounded-2xl border border-slate-200 bg-white p-10 text-center">
            <h2 className="text-xl font-semibold text-slate-900">Order not found</h2>
            <p className="mt-2 text-slate-600">{order.error.message}</p>
          </div>
        ) : data === undefined ? (
          <div role="status" aria-label="Loading order" className="flex justify-center py-16">
            <Spinner />
          </div>
        ) : (
          <div className="grid items-start gap-6 lg:grid-cols-2">
            <OrderSummary order={data} />
            <section aria-label="Card payment" className={cardClass}>
              {data.status === "submitted" ? <Payment order={data} /> : <NotPayable order={data} />}
            </section>
          </div>
        )}
      </PageBody>
    </>
  );
}

function OrderSummary({ order }: { order: Order }) {
  const p = order.pricing;
  const shippingOrder = order.deliveryMethod === "shipping";
  return (
    <section aria-labelledby="order-summary" className={cardClass}>
      <h2 id="order-summary" className="text-xl font-semibold text-slate-900">
        Order Summary
      </h2>
      <p className="mt-1 text-sm font-medium text-slate-600">Order {orderLabel(order)}</p>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
        <dt className="text-slate-500">File</dt>
        <dd className="text-right font-medium text-slate-900">{order.fileName}</dd>
        <dt className="text-slate-500">Printer</dt>
        <dd className="text-right font-medium text-slate-900">
          {order.printer
            ? `${order.printer.name}${order.printerNumber ? ` #${order.printerNumber}` : ""} · ${order.printer.location}`
            : "—"}
        </dd>
        <dt className="text-slate-500">Material and colour</dt>
        <dd className="text-right font-medium text-slate-900">
          {order.material} · {order.filamentColor}
        </dd>
        <dt className="text-slate-500">Estimated weight</dt>
        <dd className="text-right font-medium text-slate-900">{formatGrams(order.estimatedWeight)}</dd>
        <dt className="text-slate-500">Delivery</dt>
        <dd className="text-right font-medium text-slate-900">{deliveryLabel(order.deliveryMethod)}</dd>
      </dl>
      {isProject(order.parts) ? (
        <div className="mt-4">
          <PartLines lines={linesOfJob(order)} />
        </div>
      ) : null}
      <dl className="mt-6 space-y-2 border-t border-slate-200 pt-4 text-sm">
        <div className="flex justify-between text-slate-700">
          <dt>Print Service</dt>
          <dd>{formatCents(p.subtotalCents)}</dd>
        </div>
        <div className="flex justify-between text-slate-700">
          <dt>Platform Fee</dt>
          <dd>{formatCents(p.platformFeeCents)}</dd>
        </div>
        {shippingOrder ? (
          <div className="flex justify-between text-slate-700">
            <dt>{order.shipping ? `Shipping (${order.shipping.carrier} ${order.shipping.service})` : "Shipping"}</dt>
            <dd>{order.shipping ? formatCents(order.shipping.costCents) : "Choose an option"}</dd>
          </div>
        ) : p.deliveryFeeCents ? (
          <div className="flex justify-between text-slate-700">
            <dt>Local Delivery</dt>
            <dd>{formatCents(p.deliveryFeeCents)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold text-slate-900">
          <dt>Total</dt>
          <dd>{shippingOrder && !order.shipping ? formatCents(p.customerPaysCents) : formatCents(p.totalCents)}</dd>
        </div>
      </dl>
      {shippingOrder && !order.shipping ? <p className="mt-2 text-xs text-slate-500">Plus shipping, once you choose an option.</p> : null}
    </section>
  );
}

/** An order checkout cannot take a card for: already paid, or no longer open. */
function NotPayable({ order }: { order: Order }) {
  const paid = paymentTaken(order.payment);
  return (
    <div className="text-center">
      <h2 className="text-xl font-semibold text-slate-900">{paid ? "This order is paid" : "This order cannot be paid"}</h2>
      <p className="mt-2 text-slate-600">
        {paid
          ? "Your payment went through; the printer owner has your order."
          : `This order is ${statusLabel(order.status, order.deliveryMethod)}.`}
      </p>
      <Link
        to={paid ? "/order-confirmation" : "/orders"}
        search={paid ? { orderId: order.id } : {}}
        className="mt-4 inline-flex min-h-6 items-center font-semibold text-brand-700 hover:underline"
      >
        {paid ? "View confirmation" : "View My Orders"}
      </Link>
    </div>
  );
}

function Payment({ order }: { order: Order }) {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const { toast } = useToast();
  const succeeded = usePaymentSucceeded();
  const totalChangedFrom = useTotalChangedFrom();
  const [billing, setBilling] = useState<Billing>(() => initialBilling(user, order));
  const [outcome, setOutcome] = useState<PaymentState | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** The card was confirmed for a total the order has left (changed in another tab): its hold is given back. */
  const [totalChanged, setTotalChanged] = useState<{ heldCents: number | null; totalCents: number } | null>(null);

  // Shipping: options once 5 digits are entered on a shipping order; the default (or the stored choice) is selected and saved.
  const shippingOrder = order.deliveryMethod === "shipping";
  const zipComplete = /^\d{5}$/.test(billing.zip);
  const quote = useQuery({ ...shippingQuoteQuery(order, billing.zip), enabled: shippingOrder && zipComplete && !!order.printerId });
  useEffect(() => {
    if (quote.isError) console.error("Shipping calculation failed", quote.error); // spec 2 §8: logged only
  }, [quote.isError, quote.error]);
  const choose = useChooseShipping(order.id);
  const [selected, setSelected] = useState<string | null>(order.shipping?.optionId ?? null);
  const quoted = quote.data;
  const stored = order.shipping;
  const chooseMutate = choose.mutate;
  useEffect(() => {
    if (!quoted) return;
    const keep = stored && stored.zipTo === quoted.zipTo && quoted.options.some((o) => o.id === stored.optionId);
    const id = keep ? stored.optionId : quoted.defaultOptionId;
    setSelected(id);
    if (!keep && id) chooseMutate({ zipTo: quoted.zipTo, optionId: id });
  }, [quoted, stored, chooseMutate]);
  const shippingReady = !shippingOrder || (!!stored && stored.zipTo === billing.zip && !choose.isPending);

  // The intent for the order's current total: the pay button shows the server's amount.
  const config = useQuery(paymentsConfigQuery);
  const intent = useQuery({ ...paymentIntentQuery(order.id, order.pricing.totalCents), enabled: shippingReady });
  const setupFailed = config.isError || intent.isError;
  useEffect(() => {
    if (setupFailed)
      toast({ title: "Payment Error", description: "Failed to initialize payment. Please try again.", variant: "destructive" });
  }, [setupFailed, toast]);

  const state: PaymentState =
    outcome ?? (!shippingReady ? "idle" : intent.isPending ? "intent_requested" : intent.isSuccess ? "ready" : "idle");
  const amount = intent.isSuccess && shippingReady ? formatCents(intent.data.amountCents) : null;
  const blockedReason =
    shippingOrder && !shippingReady
      ? choose.isPending
        ? "Saving your shipping option..."
        : "Enter your ZIP code and choose a shipping option."
      : null;

  const onResult = async (result: ConfirmResult) => {
    if (result.ok) {
      setFailure(null);
      const heldCents = result.amountCents ?? intent.data?.amountCents;
      const now = await succeeded(order.id, heldCents);
      if (now && heldCents !== undefined) {
        // Not a payment: checkout now shows the order's new total and asks for it.
        setTotalChanged({ heldCents, totalCents: now.pricing.totalCents });
        setOutcome(null);
        return;
      }
      setTotalChanged(null);
      setOutcome("succeeded");
      void navigate({ to: "/order-confirmation", search: { orderId: order.id } });
    } else {
      // Refused because this page's intent was replaced (a new total, chosen in another tab): say that, not the provider's words.
      const now = await totalChangedFrom(order.id, intent.data?.amountCents);
      if (now) {
        setTotalChanged({ heldCents: null, totalCents: now.pricing.totalCents });
        setOutcome(null);
        return;
      }
      setOutcome("failed");
      setFailure(result.message);
      toast({ title: "Payment Failed", description: result.message, variant: "destructive" });
    }
  };

  const props: CardFormProps = {
    clientSecret: intent.data?.clientSecret ?? null,
    onConfirming: () => {
      setOutcome("confirming");
      setFailure(null);
      setTotalChanged(null);
    },
    onResult: (result) => void onResult(result),
    billing,
    onBillingChange: setBilling,
    amount,
    state,
    blockedReason,
    failure,
    shipping: shippingOrder ? (
      <ShippingOptions
        options={quote.data?.options}
        loading={quote.isFetching && !quote.data}
        zipComplete={zipComplete}
        selected={selected}
        saving={choose.isPending}
        onSelect={(id) => {
          setSelected(id);
          chooseMutate({ zipTo: billing.zip, optionId: id });
        }}
      />
    ) : null,
  };

  return (
    <div className="space-y-4">
      {setupFailed ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
          Failed to initialize payment. Please try again.{" "}
          {intent.isError ? <span className="block text-red-600">{intent.error.message}</span> : null}
        </p>
      ) : null}
      {totalChanged ? <TotalChangedNotice {...totalChanged} /> : null}
      <ProviderCardForm {...props} />
    </div>
  );
}

/**
 * The card was confirmed for a total the order no longer has (its shipping option was changed in
 * another tab or window after this page was opened): the server gave the hold back at once, so
 * nothing was paid (`heldCents`); or the card was refused because this page's intent had been
 * replaced for the new total (null). Said plainly, with the new total to pay right here.
 */
function TotalChangedNotice({ heldCents, totalCents }: { heldCents: number | null; totalCents: number }) {
  return (
    <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
      <p className="font-semibold">The order's total has changed</p>
      <p>
        The total of this order changed to {formatCents(totalCents)} after you opened this page (the shipping option was changed, perhaps in
        another tab).{" "}
        {heldCents === null
          ? "Your card was not charged."
          : `Your card was not charged ${formatCents(heldCents)}: that hold has been released.`}
      </p>
      <p className="mt-1">Please check the order and pay the new total below.</p>
    </div>
  );
}
