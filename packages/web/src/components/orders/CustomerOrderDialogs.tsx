import { lazy, Suspense } from "react";
import type { OrderBasics } from "../../api/types";

/** Which of an order's dialogs is open on a customer's list of orders (the dashboard, My Print Orders). */
export type CustomerOrderDialog = { kind: "details" | "contact" | "cancel"; order: OrderBasics } | null;

// The dialogs' code (Headless UI's dialog, the message thread, the timeline) is fetched when one is
// first wanted, not with the list: a signed-in list page loads and starts sooner on a slow phone
// (issue 13, docs/architecture.md "Page weight"). The buttons that open one spread `onOpenIntent`: the
// fetch starts when a pointer or the keyboard reaches them, so it is usually in before the click.
const loadDetails = () => import("./OrderDetailsDialog");
const loadContact = () => import("../messages/ContactPrinterDialog");
const loadCancel = () => import("./CancelOrderDialog");
const OrderDetailsDialog = lazy(() => loadDetails().then((m) => ({ default: m.OrderDetailsDialog })));
const ContactPrinterDialog = lazy(() => loadContact().then((m) => ({ default: m.ContactPrinterDialog })));
const CancelOrderDialog = lazy(() => loadCancel().then((m) => ({ default: m.CancelOrderDialog })));

function preload(): void {
  for (const load of [loadDetails, loadContact, loadCancel]) load().catch(() => {});
}

/** Props for a button that opens one of the dialogs. */
export const onOpenIntent = { onPointerEnter: preload, onFocus: preload };

/** The open dialog, if any: the order's details, a message to its printer owner, or cancelling it. */
export function CustomerOrderDialogs({
  dialog,
  viewerId,
  onClose,
  detailsTitle,
  via,
}: {
  dialog: CustomerOrderDialog;
  viewerId: string;
  onClose: () => void;
  detailsTitle?: string;
  via: "contact" | "message";
}) {
  if (!dialog) return null;
  const { order } = dialog;
  return (
    <Suspense fallback={null}>
      {dialog.kind === "details" ? (
        <OrderDetailsDialog order={order} onClose={onClose} {...(detailsTitle ? { title: detailsTitle } : {})} />
      ) : null}
      {dialog.kind === "contact" ? (
        <ContactPrinterDialog
          job={{ id: order.id, fileName: order.fileName, printerName: order.printer?.name ?? null }}
          viewerId={viewerId}
          open
          onClose={onClose}
          via={via}
        />
      ) : null}
      {dialog.kind === "cancel" ? <CancelOrderDialog order={order} onClose={onClose} /> : null}
    </Suspense>
  );
}
