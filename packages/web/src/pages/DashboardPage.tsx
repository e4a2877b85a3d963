import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import {
  CUSTOMER_TABS,
  type CustomerTab,
  customerStats,
  customerTabJobs,
  DEFAULT_CUSTOMER_TAB,
  mayArrangePickup,
  mayContactPrinter,
} from "@printhood/core/shared/job-groups";
import { customerMay } from "@printhood/core/shared/lifecycle";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useDeferredValue, useState } from "react";
import { draftsQuery } from "../api/jobs";
import { myOrdersQuery } from "../api/orders";
import type { CustomerOrder, Job } from "../api/types";
import { useSignedInUser } from "../auth/signedInUser";
import { JobStatusBadge } from "../components/JobStatusBadge";
import { CustomerOrderDialogs, onOpenIntent } from "../components/orders/CustomerOrderDialogs";
import { PageBody } from "../components/PageHeading";
import { PartThumbnails } from "../components/project/PartThumbnails";
import { Spinner } from "../components/Spinner";
import { StatCard } from "../components/StatCard";
import { formatCents, formatGrams } from "../lib/format";
import { firstNameOf } from "../lib/initials";
import { customerStatusText, dateText, orderLabel } from "../lib/orders";
import { secondaryButton } from "../lib/styles";

const TAB_NAMES: Record<CustomerTab, string> = { drafts: "Drafts", active: "Active Orders", completed: "Completed", all: "All Orders" };

type Card = { kind: "draft"; job: Job } | { kind: "order"; job: CustomerOrder };
type OpenDialog = { kind: "details" | "contact" | "cancel"; orderId: string } | null;

const smallButton = `${secondaryButton} px-3 py-1.5 text-sm`;

/** The customer dashboard (spec 2 §2): stat cards from the real orders, and the four tabs of print jobs. */
export function DashboardPage() {
  const user = useSignedInUser();
  const orders = useQuery(myOrdersQuery(user.id));
  const drafts = useQuery(draftsQuery(user.id));
  // The answers are drawn at a transition's priority: a query's answer is a synchronous update
  // (useSyncExternalStore), and drawing the tabs and cards in it was one long task on a slow phone
  // (issue 13). Deferred, React draws them in slices, showing the spinner a moment longer.
  const orderList = useDeferredValue(orders.data);
  const draftList = useDeferredValue(drafts.data);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const stats = customerStats(orderList ?? []);
  const cards: Card[] = [
    ...(draftList ?? []).map((job): Card => ({ kind: "draft", job })),
    ...(orderList ?? []).map((job): Card => ({ kind: "order", job })),
  ];
  const dialogOrder = dialog ? orders.data?.find((o) => o.id === dialog.orderId) : undefined;
  const error = orders.error ?? drafts.error;
  const loading = !error && (orderList === undefined || draftList === undefined);

  return (
    <PageBody>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Welcome back, {firstNameOf(user)}!</h1>
          <p className="mt-1 text-slate-600">Track your print jobs and saved designs in one place.</p>
        </div>
        <Link
          to="/upload"
          className="inline-flex items-center justify-center rounded-xl bg-brand-600 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700"
        >
          Upload Design
        </Link>
      </div>

      <div className="mt-8 grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard label="Total Orders" value={String(stats.totalOrders)} />
        <StatCard label="Active" value={String(stats.active)} />
        <StatCard label="Completed" value={String(stats.completed)} />
        <StatCard label="Total Spent" value={formatCents(stats.totalSpentCents)} />
      </div>

      <section aria-labelledby="print-jobs-heading" className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="print-jobs-heading" className="text-xl font-semibold text-slate-900">
          Your Print Jobs
        </h2>
        {loading ? (
          <div role="status" aria-label="Loading your print jobs" className="flex justify-center py-10">
            <Spinner />
          </div>
        ) : error ? (
          <div role="alert" className="mt-4 rounded-xl bg-red-50 p-4 text-sm text-red-700">
            <p>{error.message}</p>
            <button
              type="button"
              className={`${smallButton} mt-3 bg-white`}
              onClick={() => {
                void orders.refetch();
                void drafts.refetch();
              }}
            >
              Try Again
            </button>
          </div>
        ) : (
          <TabGroup defaultIndex={CUSTOMER_TABS.indexOf(DEFAULT_CUSTOMER_TAB)} className="mt-4">
            <TabList className="flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1">
              {CUSTOMER_TABS.map((tab) => (
                <Tab
                  key={tab}
                  className="rounded-lg px-3 py-1.5 text-sm font-medium text-slate-600 data-[selected]:bg-white data-[selected]:text-slate-900 data-[selected]:shadow-sm data-[focus]:ring-2 data-[focus]:ring-brand-300 focus:outline-none"
                >
                  {TAB_NAMES[tab]} (
                  {
                    customerTabJobs(
                      cards.map((c) => c.job),
                      tab,
                    ).length
                  }
                  )
                </Tab>
              ))}
            </TabList>
            <TabPanels className="mt-4">
              {CUSTOMER_TABS.map((tab) => {
                const shown = cards.filter((c) => customerTabJobs([c.job], tab).length > 0);
                return (
                  <TabPanel key={tab}>
                    {shown.length === 0 ? (
                      <EmptyTab tab={tab} />
                    ) : (
                      <ul className="space-y-3">
                        {shown.map((c) => (
                          <JobCard key={c.job.id} card={c} open={(kind) => setDialog({ kind, orderId: c.job.id })} />
                        ))}
                      </ul>
                    )}
                  </TabPanel>
                );
              })}
            </TabPanels>
          </TabGroup>
        )}
      </section>
      <CustomerOrderDialogs
        dialog={dialog && dialogOrder ? { kind: dialog.kind, order: dialogOrder } : null}
        viewerId={user.id}
        onClose={() => setDialog(null)}
        detailsTitle="Job Details"
        via="contact"
      />
    </PageBody>
  );
}

const EMPTY: Record<CustomerTab, string> = {
  drafts: "No saved prints. Upload a design and save it to finish later.",
  active: "No active orders. Upload a design to get an instant price.",
  completed: "No completed orders yet.",
  all: "You have no print jobs yet. Once a job is completed you can rate the printer owner from 1 to 5 stars, with comments, to help others choose.",
};

function EmptyTab({ tab }: { tab: CustomerTab }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center">
      <p className="text-slate-600">{EMPTY[tab]}</p>
      <Link to="/upload" className="mt-3 inline-flex font-semibold text-brand-700 hover:underline">
        Upload Design
      </Link>
    </div>
  );
}

function JobCard({ card, open }: { card: Card; open: (kind: "details" | "contact" | "cancel") => void }) {
  if (card.kind === "draft") {
    const { job } = card;
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
          <JobStatusBadge status={job.status} />
          <Link to="/upload" search={{ draft: job.id }} className={smallButton}>
            Edit Draft
          </Link>
        </div>
      </li>
    );
  }
  const order = card.job;
  const label = orderLabel(order);
  return (
    <li aria-label={`Order ${label}`} className="rounded-xl border border-slate-200 p-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <p className="font-semibold text-slate-900">{order.fileName}</p>
          <p className="text-sm text-slate-600">
            <Link to="/order/$id" params={{ id: order.orderNumber ?? order.id }} className="font-medium text-brand-700 hover:underline">
              {label}
            </Link>{" "}
            · {order.printer?.name ?? "Unknown printer"} · ${order.totalCost}
          </p>
          <p className="mt-1 text-sm text-slate-700">{customerStatusText(order)}</p>
          {order.status === "printing" ? <p className="text-sm text-slate-500">Estimated completion in 6-12 hours</p> : null}
          <PartThumbnails parts={order.parts} counts={order} />
        </div>
        <JobStatusBadge status={order.status} />
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        {order.status === "submitted" ? (
          <Link
            to="/checkout"
            search={{ orderId: order.id }}
            className="rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700"
          >
            Pay Now
          </Link>
        ) : null}
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
