import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { printJobQuery } from "../../api/jobs";
import type { OwnerJob } from "../../api/types";
import { useSignedInUser } from "../../auth/signedInUser";
import { isProjectOf } from "../../lib/parts";
import { secondaryButton } from "../../lib/styles";
import { JobStatusBadge } from "../JobStatusBadge";
import { MessageHistoryButton } from "../messages/MessageHistoryButton";
import { Modal } from "../printers/dashboard/Modal";
import { ProjectPartsCard } from "../project/ProjectPartsCard";
import { OrderTimeline } from "./OrderTimeline";
import { OwnerOrderActions } from "./OwnerOrderActions";
import {
  CustomerContact,
  customerName,
  DownloadOrderFileButton,
  Facts,
  orderLabel,
  ownerMoneyRows,
  ownerOrderRows,
  ShipmentLine,
} from "./OwnerOrderFacts";

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-5">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{title}</h3>
      <div className="mt-2">{children}</div>
    </section>
  );
}

/**
 * The Printer Owner Dashboard's Job Details (spec 2 §2): the order as its printer's owner sees it
 * (the same facts as the owner's /order/{id}: file, printed size at the chosen scale, material and
 * colour, price and earnings, delivery, the shipment, the customer's name and email, notes and the
 * timeline), with the owner's moves (OwnerOrderActions: Accept/Reject with a message, Start
 * Printing, Mark Complete, Ready for Pickup/Shipping, Mark Picked Up, Mark Shipped), Download 3D
 * File and Message Customer. `order` is the live one: a move shows its new status and next moves here.
 */
export function OwnerJobDetailsDialog({ order, onClose }: { order: OwnerJob; onClose: () => void }) {
  const user = useSignedInUser();
  return (
    <Modal open onClose={onClose} title="Job Details" description={`${orderLabel(order)} · ${order.fileName}`} size="max-w-3xl">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-slate-50 p-3">
        <div className="flex items-center gap-2 text-sm text-slate-600">
          Status: <JobStatusBadge status={order.status} inDetails deliveryMethod={order.deliveryMethod} />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <DownloadOrderFileButton order={order} />
        </div>
      </div>
      <div className="mt-3">
        <OwnerOrderActions order={order} size="md" />
      </div>

      <Part title="Order">
        <Facts rows={ownerOrderRows(order)} />
        <ShipmentLine order={order} className="mt-3 text-slate-800" />
      </Part>
      {isProjectOf(order) ? <ProjectPartsOf order={order} /> : null}

      <div className="grid grid-cols-1 gap-x-6 sm:grid-cols-2">
        <Part title="Customer">
          <CustomerContact order={order} />
          <div className="mt-3">
            <MessageHistoryButton order={order} viewerId={user.id} customer={customerName(order)} />
          </div>
        </Part>
        <Part title="Earnings">
          <Facts rows={ownerMoneyRows(order)} className="grid grid-cols-2 gap-x-6 gap-y-2" />
        </Part>
      </div>

      {order.specialInstructions || order.ownerMessage ? (
        <Part title="Notes">
          {order.specialInstructions ? (
            <div>
              <h4 className="text-sm text-slate-500">Special instructions</h4>
              <p className="whitespace-pre-wrap wrap-anywhere text-slate-900">{order.specialInstructions}</p>
            </div>
          ) : null}
          {order.ownerMessage ? (
            <p className="mt-2 text-sm text-slate-600">
              Your message to the customer: <q>{order.ownerMessage}</q>
            </p>
          ) : null}
        </Part>
      ) : null}

      <Part title="Timeline">
        <OrderTimeline order={order} />
      </Part>

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <Link
          to="/order/$id"
          params={{ id: order.orderNumber ?? order.id }}
          className="inline-flex min-h-6 items-center text-sm font-semibold text-brand-700 hover:underline"
        >
          Open the order page
        </Link>
        <button type="button" className={secondaryButton} onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}

/**
 * A project's parts with their settings and downloads: a list's copy of an order names only its
 * first parts (core orders/list-item.ts), so they are read from the order itself when the dialog opens.
 */
function ProjectPartsOf({ order }: { order: Pick<OwnerJob, "id"> }) {
  const full = useQuery(printJobQuery(order.id));
  if (full.data) {
    return (
      <div className="mt-4">
        <ProjectPartsCard order={full.data} owner />
      </div>
    );
  }
  return (
    <p role="status" className="mt-4 text-sm text-slate-600">
      {full.isError ? "The parts could not be loaded: open the order page." : "Loading the parts..."}
    </p>
  );
}

/**
 * Job Details for a list of the owner's orders: `open(order)` shows it, and the dialog follows the
 * list's copy of that order (refreshed after each move), so it stays open as the order moves on.
 */
export function useOwnerJobDetails(orders: OwnerJob[]) {
  const [chosen, setChosen] = useState<OwnerJob | null>(null);
  const order = chosen ? (orders.find((o) => o.id === chosen.id) ?? chosen) : null;
  return {
    open: setChosen,
    dialog: order ? <OwnerJobDetailsDialog order={order} onClose={() => setChosen(null)} /> : null,
  };
}
