import { mayArrangePickup, mayContactPrinter } from "@printhood/core/shared/job-groups";
import { customerMay } from "@printhood/core/shared/lifecycle";
import { Link } from "@tanstack/react-router";
import type { CustomerOrder, Job } from "../../api/types";
import { JobStatusBadge } from "../../components/JobStatusBadge";
import { onOpenIntent } from "../../components/orders/CustomerOrderDialogs";
import { PayNowLink } from "../../components/orders/PayNowLink";
import { PartThumbnails } from "../../components/project/PartThumbnails";
import { formatDollars, formatGrams } from "../../lib/format";
import { customerStatusText, dateText, orderLabel } from "../../lib/orders";
import { secondaryButton } from "../../lib/styles";

/** The customer dashboard's cards (spec 2 §2): a saved print, and an order with the moves its status allows. */

export const smallButton = `${secondaryButton} px-3 py-1.5 text-sm`;

export function DraftCard({ job }: { job: Job }) {
  return (
    <li
      aria-label={`Saved print ${job.fileName}`}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <p className="font-semibold text-slate-900">{job.fileName}</p>
        <p className="text-sm text-slate-600">
          Saved print · {job.material} · {formatGrams(job.estimatedWeight)} · saved {dateText(job.updatedAt)}
        </p>
        <PartThumbnails parts={job.parts} />
      </div>
      <div className="flex items-center gap-2">
        <JobStatusBadge status={job.status} deliveryMethod={job.deliveryMethod} />
        <Link to="/upload" search={{ draft: job.id }} className={smallButton}>
          Edit Draft
        </Link>
      </div>
    </li>
  );
}

export function OrderCard({ order, open }: { order: CustomerOrder; open: (kind: "details" | "contact" | "cancel") => void }) {
  const label = orderLabel(order);
  return (
    <li aria-label={`Order ${label}`} className="rounded-xl border border-slate-200 p-4">
      <div className="flex flex-col items-start gap-2 sm:flex-row sm:justify-between">
        <div>
          <p className="font-semibold text-slate-900">{order.fileName}</p>
          <p className="text-sm text-slate-600">
            <Link
              to="/order/$id"
              params={{ id: order.orderNumber ?? order.id }}
              className="inline-flex min-h-6 items-center font-medium text-brand-700 hover:underline"
            >
              {label}
            </Link>{" "}
            · {order.printer?.name ?? "Unknown printer"} · {formatDollars(order.totalCost)}
          </p>
          <p className="mt-1 text-sm text-slate-700">{customerStatusText(order)}</p>
          {order.status === "printing" ? <p className="text-sm text-slate-500">Estimated completion in 6-12 hours</p> : null}
          <PartThumbnails parts={order.parts} counts={order} />
        </div>
        <JobStatusBadge status={order.status} deliveryMethod={order.deliveryMethod} />
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <PayNowLink order={order} small />
        {mayContactPrinter(order) ? (
          <button type="button" className={smallButton} {...onOpenIntent} onClick={() => open("contact")}>
            Contact Printer
          </button>
        ) : null}
        {mayArrangePickup(order) ? (
          <button type="button" className={smallButton} {...onOpenIntent} onClick={() => open("contact")}>
            Arrange Pickup
          </button>
        ) : null}
        {customerMay(order.status, "cancel") ? (
          <button
            type="button"
            className="rounded-lg border border-red-300 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50"
            {...onOpenIntent}
            onClick={() => open("cancel")}
          >
            Cancel
          </button>
        ) : null}
        <button type="button" className={smallButton} {...onOpenIntent} onClick={() => open("details")}>
          Job Details
        </button>
      </div>
    </li>
  );
}
