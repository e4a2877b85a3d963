import { Switch } from "@headlessui/react";
import { earningsCents } from "@printhood/core/shared/earnings";
import { isOwnerActive, isOwnerCompleted, isOwnerPending, isOwnerReady } from "@printhood/core/shared/job-groups";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { ownerFiguresQuery, ownerJobGroupPagesQuery, ownPrintersQuery, useSetPrinterAvailability } from "../api/printers";
import type { OwnerJob, Printer } from "../api/types";
import { useSignedInUser } from "../auth/signedInUser";
import { BadgeCheckIcon, BoltIcon, DollarIcon, PrinterIcon } from "../components/icons";
import { useOwnerJobDetails } from "../components/orders/OwnerJobDetailsDialog";
import { OwnerOrderCard } from "../components/orders/OwnerOrderCard";
import { PageBody, PageHeading } from "../components/PageHeading";
import { AvailabilityBadge } from "../components/printers/AvailabilityBadge";
import { AddPrinterDialog } from "../components/printers/dashboard/AddPrinterDialog";
import { DeleteDialog } from "../components/printers/dashboard/DeleteDialog";
import { AwaitingQualityTestBadge, QualityTestStatus } from "../components/printers/dashboard/QualityTestStatus";
import { QueueDialog } from "../components/printers/dashboard/QueueDialog";
import { SettingsDialog } from "../components/printers/dashboard/SettingsDialog";
import { PrinterImage } from "../components/printers/PrinterImage";
import { VerifiedBadge } from "../components/printers/VerifiedBadge";
import { OwnerReviews } from "../components/reviews/OwnerReviews";
import { ShowMore } from "../components/ShowMore";
import { Spinner } from "../components/Spinner";
import { StatCard } from "../components/StatCard";
import { formatCents, formatCount } from "../lib/format";
import { formatBuildVolume, formatFilamentPrice } from "../lib/printers";

function AvailabilityToggle({ printer }: { printer: Printer }) {
  const mutation = useSetPrinterAvailability(printer.id);
  const on = mutation.isPending && mutation.variables !== undefined ? mutation.variables : printer.isAvailable;
  return (
    <div className="flex items-center gap-2">
      <Switch
        checked={on}
        onChange={(v: boolean) => mutation.mutate(v)}
        disabled={mutation.isPending}
        aria-label={`${printer.name} online`}
        className="group relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-300 transition data-[checked]:bg-brand-600 data-[disabled]:opacity-60"
      >
        <span className="inline-block h-4 w-4 translate-x-1 rounded-full bg-white shadow transition group-data-[checked]:translate-x-6" />
      </Switch>
      <span className="text-sm text-slate-700">{on ? "Online" : "Offline"}</span>
    </div>
  );
}

/** A section of orders, each with the owner's moves (the spec's lists on the dashboard). */
function OrderSection({
  id,
  title,
  orders,
  empty,
  earned = false,
  onDetails,
}: {
  id: string;
  title: string;
  orders: OwnerJob[];
  empty: string;
  /** Show what the owner earns from the list's orders in all. */
  earned?: boolean;
  onDetails: (order: OwnerJob) => void;
}) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-xl font-semibold text-slate-900">
          {title}
        </h2>
        {earned ? <EarnedTotal orders={orders} /> : null}
      </div>
      {orders.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {orders.map((o) => (
            <li key={o.id}>
              <OwnerOrderCard order={o} onDetails={onDetails} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A list's total, as the owner's cards show each order: what the owner earns (shared/earnings.ts). */
function EarnedTotal({ orders }: { orders: OwnerJob[] }) {
  return <span className="text-sm font-medium text-slate-700">You earn in total: {formatCents(earningsCents(orders))}</span>;
}

type DialogState = { kind: "settings" | "queue" | "delete"; printer: Printer } | null;

/** The Printer Owner Dashboard (spec 2 §2). */
export function PrinterDashboardPage() {
  const user = useSignedInUser();
  const printers = useQuery(ownPrintersQuery(user.id));
  // The cards are counted on the server (every order, from the printers' tallies); the sections read
  // the orders not yet finished and the completed ones a page at a time (issue 23 point 2).
  const figures = useQuery(ownerFiguresQuery(user.id));
  const openPages = useInfiniteQuery(ownerJobGroupPagesQuery(user.id, "open"));
  const completedPages = useInfiniteQuery(ownerJobGroupPagesQuery(user.id, "completed"));
  const [adding, setAdding] = useState(false);
  const [dialog, setDialog] = useState<DialogState>(null);

  const open = openPages.data?.pages.flatMap((p) => p.items) ?? [];
  const pending = open.filter(isOwnerPending);
  const active = open.filter(isOwnerActive);
  const ready = open.filter(isOwnerReady);
  const completed = (completedPages.data?.pages.flatMap((p) => p.items) ?? []).filter(isOwnerCompleted);
  const figure = (value: (f: NonNullable<typeof figures.data>) => string) => (figures.data ? value(figures.data) : "…");

  // Taking orders: online and past the quality test.
  const activePrinters = (printers.data ?? []).filter((p) => p.isAvailable && p.verified).length;
  const details = useOwnerJobDetails([...open, ...completed]);

  return (
    <>
      <PageHeading title="Printer Owner Dashboard" subtitle="Manage your printers, order requests and earnings.">
        {/* Balances, held earnings and Request Payout live on the tracking page: reachable from here, not only from an order. */}
        <div className="mt-4 flex flex-wrap gap-3 text-sm font-semibold">
          <Link to="/printer-tracking" className="inline-flex min-h-6 items-center text-brand-700 hover:underline">
            Printer Tracking
          </Link>
          <Link
            to="/printer-tracking"
            search={{ tab: "payouts" }}
            className="inline-flex min-h-6 items-center text-brand-700 hover:underline"
          >
            Earnings &amp; Payouts
          </Link>
        </div>
      </PageHeading>
      <PageBody>
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          <StatCard label="Active Printers" value={String(activePrinters)} icon={<PrinterIcon />} />
          <StatCard label="Pending Orders" value={figure((f) => formatCount(f.pending))} icon={<BoltIcon />} />
          <StatCard
            label="Total Earnings"
            value={figure((f) => formatCents(f.earnedCents))}
            note="What you earn from accepted orders"
            icon={<DollarIcon />}
          />
          <StatCard label="Total Jobs" value={figure((f) => formatCount(f.totalJobs))} icon={<BadgeCheckIcon />} />
        </div>

        <div className="mt-8 space-y-8">
          {openPages.isError ? (
            <p role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-4 text-sm text-red-700">
              Failed to fetch printer jobs
            </p>
          ) : (
            <OrderSection
              id="requests-heading"
              title="New Order Requests"
              orders={pending}
              empty="No new order requests."
              onDetails={details.open}
            />
          )}
          {(
            [
              ["active-orders-heading", "Active Orders", active],
              ["ready-heading", "Ready for Pickup or Shipping", ready],
            ] as const
          ).map(([id, title, orders]) =>
            orders.length > 0 ? (
              <OrderSection key={id} id={id} title={title} orders={orders} empty="" earned onDetails={details.open} />
            ) : null,
          )}
          <ShowMore pages={openPages} label="Show more orders" />
        </div>

        <section aria-labelledby="your-printers-heading" className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="your-printers-heading" className="text-xl font-semibold text-slate-900">
              Your Printers
            </h2>
            <div className="flex items-center gap-3">
              <Link to="/add-printer" className="inline-flex min-h-6 items-center text-sm font-medium text-brand-700 hover:underline">
                Use the full form
              </Link>
              <button
                type="button"
                onClick={() => setAdding(true)}
                className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
              >
                Add Printer
              </button>
            </div>
          </div>
          {printers.isPending ? (
            <div role="status" aria-label="Loading printers" className="flex justify-center py-8">
              <Spinner />
            </div>
          ) : printers.isError ? (
            <p role="alert" className="mt-4 text-red-700">
              Failed to fetch printers
            </p>
          ) : printers.data.length === 0 ? (
            <p className="mt-4 text-slate-600">List your first printer to start receiving print requests from your neighbours.</p>
          ) : (
            <ul className="mt-4 divide-y divide-slate-100">
              {printers.data.map((p) => (
                <li key={p.id} data-testid="owner-printer" className="flex flex-wrap items-center gap-4 py-4">
                  <PrinterImage src={p.imageUrl} alt="" className="h-16 w-20 rounded-lg bg-slate-100 object-contain" />
                  {/* basis-48: on a phone the toggle and buttons wrap under the text instead of squeezing it to ~100 px. */}
                  <div className="min-w-0 flex-1 basis-48">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 className="font-semibold text-slate-900">{p.name}</h3>
                      <AvailabilityBadge available={p.isAvailable} />
                      {p.verified ? <VerifiedBadge verified /> : <AwaitingQualityTestBadge />}
                    </div>
                    <p className="text-sm text-slate-600">
                      {p.model} · {p.location} · {formatBuildVolume(p)}
                    </p>
                    <p className="text-sm text-slate-600">
                      {p.materials.join(", ")} · {formatFilamentPrice(p.pricePerGram)}
                    </p>
                    <QualityTestStatus printer={p} />
                  </div>
                  <AvailabilityToggle printer={p} />
                  <div className="flex gap-2">
                    <button
                      type="button"
                      onClick={() => setDialog({ kind: "settings", printer: p })}
                      aria-label={`Settings for ${p.name}`}
                      className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
                    >
                      Settings
                    </button>
                    <button
                      type="button"
                      onClick={() => setDialog({ kind: "queue", printer: p })}
                      aria-label={`Print queue for ${p.name}`}
                      className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
                    >
                      Queue
                    </button>
                    <button
                      type="button"
                      onClick={() => setDialog({ kind: "delete", printer: p })}
                      aria-label={`Delete ${p.name}`}
                      className="rounded-lg border border-red-200 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50"
                    >
                      Delete
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>

        <div className="mt-8">
          <OrderSection
            id="completed-heading"
            title="Completed Orders"
            orders={completed}
            empty="No completed orders yet."
            onDetails={details.open}
            earned
          />
          <ShowMore pages={completedPages} label="Show more completed orders" />
        </div>

        <OwnerReviews userId={user.id} />
      </PageBody>

      <AddPrinterDialog open={adding} onClose={() => setAdding(false)} userId={user.id} />
      {dialog?.kind === "settings" ? (
        <SettingsDialog key={dialog.printer.id} printer={dialog.printer} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === "queue" ? <QueueDialog printer={dialog.printer} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === "delete" ? <DeleteDialog printer={dialog.printer} onClose={() => setDialog(null)} /> : null}
      {details.dialog}
    </>
  );
}
