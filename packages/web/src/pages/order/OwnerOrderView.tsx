import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import type { Order } from "../../api/types";
import { useSignedInUser } from "../../auth/signedInUser";
import { OwnerClaimPanel } from "../../components/claims/OwnerClaimPanel";
import { JobStatusBadge } from "../../components/JobStatusBadge";
import { OrderThread } from "../../components/messages/OrderThread";
import { OrderTimeline } from "../../components/orders/OrderTimeline";
import { OwnerOrderActions } from "../../components/orders/OwnerOrderActions";
import {
  CustomerContact,
  DownloadOrderFileButton,
  Facts,
  orderLabel,
  ownerMoneyRows,
  ownerOrderRows,
  ShipmentLine,
} from "../../components/orders/OwnerOrderFacts";
import { PageBody, PageHeading } from "../../components/PageHeading";
import { PhotoGallery } from "../../components/photos/PhotoGallery";
import { ProjectPartsCard } from "../../components/project/ProjectPartsCard";
import { ReviewPanel } from "../../components/reviews/ReviewPanel";
import { OwnerPriceProposal } from "./price/PriceProposalPanels";

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = `card-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/**
 * /order/{id} as the printer's owner sees it (spec 2 §2 "Order details"): the order with the part's
 * real printed size, the customer's name and email, what the owner earns, the owner's next moves,
 * the timeline, Download 3D File, the photos of the finished part and the order's claim with the
 * owner's answer (issue 21). The back link goes to /printer-tracking.
 */
export function OwnerOrderView({ order }: { order: Order }) {
  const user = useSignedInUser();

  return (
    <>
      <PageHeading title={`Order ${orderLabel(order)}`} subtitle={order.fileName}>
        <Link to="/printer-tracking" className="mt-4 inline-flex min-h-6 items-center text-sm font-semibold text-brand-700 hover:underline">
          Back to Printer Tracking
        </Link>
      </PageHeading>
      <PageBody>
        <div className="flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <div className="flex items-center gap-3">
            <span className="text-sm text-slate-600">Status</span>
            <JobStatusBadge status={order.status} inDetails deliveryMethod={order.deliveryMethod} />
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <OwnerOrderActions order={order} size="md" />
            <DownloadOrderFileButton order={order} />
          </div>
        </div>

        <div className="mt-6 empty:hidden">
          <OwnerPriceProposal order={order} />
        </div>

        {order.claim ? (
          <div className="mt-6">
            <OwnerClaimPanel order={order} />
          </div>
        ) : null}

        <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
          <div className="space-y-6 lg:col-span-2">
            <ProjectPartsCard order={order} owner />
            <Card title="Order Information">
              <Facts rows={ownerOrderRows(order)} />
              {order.specialInstructions ? (
                <div className="mt-4">
                  <h3 className="text-sm text-slate-500">Special instructions</h3>
                  <p className="whitespace-pre-wrap wrap-anywhere text-slate-900">{order.specialInstructions}</p>
                </div>
              ) : null}
              <ShipmentLine order={order} className="mt-4 text-slate-800" />
              {order.completionPhotoIds.length ? (
                <div className="mt-4">
                  <h3 className="mb-2 text-sm text-slate-500">Your photos of the finished part</h3>
                  <PhotoGallery photoIds={order.completionPhotoIds} label="Your photos of the finished part" />
                </div>
              ) : null}
              {order.ownerMessage ? (
                <p className="mt-4 text-sm text-slate-600">
                  Your message to the customer: <q>{order.ownerMessage}</q>
                </p>
              ) : null}
            </Card>
            <Card title="Timeline">
              <OrderTimeline order={order} />
            </Card>
          </div>
          <div className="space-y-6">
            <Card title="Customer">
              <CustomerContact order={order} />
              <a
                href={`/messages?job=${encodeURIComponent(order.id)}`}
                className="mt-4 inline-flex min-h-6 items-center text-sm font-semibold text-brand-700 hover:underline"
              >
                Message the customer
              </a>
            </Card>
            <Card title="Earnings">
              <Facts rows={ownerMoneyRows(order)} />
            </Card>
          </div>
        </div>
        <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
          <ReviewPanel order={order} />
          <div className="lg:col-span-2">
            <OrderThread orderId={order.id} viewerId={user.id} other="customer" />
          </div>
        </div>
      </PageBody>
    </>
  );
}
