import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { CUSTOMER_TABS, type CustomerOrderGroup, type CustomerTab, DEFAULT_CUSTOMER_TAB } from "@printhood/core/shared/job-groups";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type ReactNode, useDeferredValue, useState } from "react";
import { draftsQuery } from "../api/jobs";
import { myOrderFiguresQuery, myOrderPagesQuery } from "../api/orders";
import type { Job } from "../api/types";
import { useCountedPages } from "../api/useCountedPages";
import { useSignedInUser } from "../auth/signedInUser";
import { type CustomerOrderDialog, CustomerOrderDialogs } from "../components/orders/CustomerOrderDialogs";
import { PageBody } from "../components/PageHeading";
import { ShowMore } from "../components/ShowMore";
import { Spinner } from "../components/Spinner";
import { StatCard } from "../components/StatCard";
import { formatCents, formatCount } from "../lib/format";
import { firstNameOf } from "../lib/initials";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { DraftCard, OrderCard, smallButton } from "./dashboard/JobCards";

const TAB_NAMES: Record<CustomerTab, string> = { drafts: "Drafts", active: "Active Orders", completed: "Completed", all: "All Orders" };
/** The orders each tab reads, a page at a time (Drafts reads none, All Orders every one). */
const TAB_GROUPS: Record<Exclude<CustomerTab, "drafts">, CustomerOrderGroup | undefined> = {
  active: "active",
  completed: "completed",
  all: undefined,
};

/**
 * The customer dashboard (spec 2 §2): stat cards and tab counts counted on the server over every
 * order (the customer's tally), and the four tabs of print jobs, each read a page at a time (issue 23):
 * only the open tab reads its orders, "Show more orders" the next page.
 */
export function DashboardPage() {
  const user = useSignedInUser();
  useDocumentTitle("Dashboard");
  const figures = useQuery(myOrderFiguresQuery(user.id));
  // Saved prints are few (at most 50 per account), so they are read whole.
  const drafts = useQuery(draftsQuery(user.id));
  // Drawn at a transition's priority: a query's answer is a synchronous update, and drawing the tabs
  // and cards in it was one long task on a slow phone (issue 13). Deferred, React draws them in slices.
  const draftList = useDeferredValue(drafts.data);
  const counts = figures.data;
  const error = figures.error ?? drafts.error;
  const loading = !error && (counts === undefined || draftList === undefined);
  const countOf: Record<CustomerTab, number | undefined> = {
    drafts: draftList?.length,
    active: counts?.active,
    completed: counts?.completed,
    all: counts && draftList ? draftList.length + counts.totalOrders : undefined,
  };
  const figure = (value: (f: NonNullable<typeof counts>) => string) => (counts ? value(counts) : "…");

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
        <StatCard label="Total Orders" value={figure((f) => formatCount(f.totalOrders))} />
        <StatCard label="Active" value={figure((f) => formatCount(f.active))} />
        <StatCard label="Completed" value={figure((f) => formatCount(f.completed))} />
        <StatCard label="Total Spent" value={figure((f) => formatCents(f.totalSpentCents))} />
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
          <LoadError
            message={error.message}
            retry={() => {
              void figures.refetch();
              void drafts.refetch();
            }}
          />
        ) : (
          <TabGroup defaultIndex={CUSTOMER_TABS.indexOf(DEFAULT_CUSTOMER_TAB)} className="mt-4">
            <TabList className="flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1">
              {CUSTOMER_TABS.map((tab) => (
                <Tab
                  key={tab}
                  className="rounded-lg px-3 py-1.5 text-sm font-medium text-slate-600 data-[selected]:bg-white data-[selected]:text-slate-900 data-[selected]:shadow-sm data-[focus]:ring-2 data-[focus]:ring-brand-300 focus:outline-none"
                >
                  {TAB_NAMES[tab]} ({countOf[tab] === undefined ? "…" : formatCount(countOf[tab])})
                </Tab>
              ))}
            </TabList>
            {/* Headless UI draws only the selected panel: a tab's orders are read when it is opened. */}
            <TabPanels className="mt-4">
              {CUSTOMER_TABS.map((tab) => (
                <TabPanel key={tab}>
                  {tab === "drafts" ? (
                    <DraftList drafts={draftList ?? []} tab={tab} />
                  ) : (
                    <OrderTab
                      userId={user.id}
                      tab={tab}
                      group={TAB_GROUPS[tab]}
                      total={tab === "all" ? counts?.totalOrders : countOf[tab]}
                      drafts={tab === "all" ? (draftList ?? []) : []}
                    />
                  )}
                </TabPanel>
              ))}
            </TabPanels>
          </TabGroup>
        )}
      </section>
    </PageBody>
  );
}

function DraftList({ drafts, tab }: { drafts: Job[]; tab: CustomerTab }) {
  if (drafts.length === 0) return <EmptyTab tab={tab} />;
  return (
    <ul className="space-y-3">
      {drafts.map((job) => (
        <DraftCard key={job.id} job={job} />
      ))}
    </ul>
  );
}

/** A tab of orders (All Orders: the saved prints first), a page at a time, with its dialogs. */
function OrderTab({
  userId,
  tab,
  group,
  total,
  drafts,
}: {
  userId: string;
  tab: CustomerTab;
  group: CustomerOrderGroup | undefined;
  /** How many orders the tab holds (the figures), when known. */
  total: number | undefined;
  drafts: Job[];
}) {
  const pages = useInfiniteQuery(myOrderPagesQuery(userId, group));
  const [dialog, setDialog] = useState<CustomerOrderDialog>(null);
  // A tab's page may come back short or empty (the server's look budget): useCountedPages reads on.
  const { items: orders, more, readOn, showMore } = useCountedPages(pages, total);
  // A dialog shows the order as the tab now has it (after a cancel, its new status).
  const current = dialog ? { ...dialog, order: orders.find((o) => o.id === dialog.order.id) ?? dialog.order } : null;

  const loading = (
    <div role="status" aria-label="Loading your orders" className="flex justify-center py-10">
      <Spinner />
    </div>
  );
  let body: ReactNode;
  if (pages.isPending) body = loading;
  else if (pages.isError) body = <LoadError message={pages.error.message} retry={() => void pages.refetch()} />;
  else if (orders.length === 0 && drafts.length === 0 && !more) body = <EmptyTab tab={tab} />;
  else
    body = (
      <>
        <ul className="space-y-3">
          {drafts.map((job) => (
            <DraftCard key={job.id} job={job} />
          ))}
          {orders.map((order) => (
            <OrderCard key={order.id} order={order} open={(kind) => setDialog({ kind, order })} />
          ))}
        </ul>
        {readOn ? loading : <ShowMore pages={showMore} label="Show more orders" />}
      </>
    );
  return (
    <>
      {body}
      {/* Outside the list: an open dialog stays while the tab's list changes under it (a cancel). */}
      <CustomerOrderDialogs dialog={current} viewerId={userId} onClose={() => setDialog(null)} detailsTitle="Job Details" via="contact" />
    </>
  );
}

function LoadError({ message, retry }: { message: string; retry: () => void }) {
  return (
    <div role="alert" className="mt-4 rounded-xl bg-red-50 p-4 text-sm text-red-700">
      <p>{message}</p>
      <button type="button" className={`${smallButton} mt-3 bg-white`} onClick={retry}>
        Try Again
      </button>
    </div>
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
      <Link to="/upload" className="mt-3 inline-flex min-h-6 items-center font-semibold text-brand-700 hover:underline">
        Upload Design
      </Link>
    </div>
  );
}
