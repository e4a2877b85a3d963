import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { type InfiniteData, type UseInfiniteQueryResult, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import type { ReactNode } from "react";
import type { Paged } from "../../api/pages";
import { ownPrintersQuery, printerFiguresQuery, printerJobPagesQuery } from "../../api/printers";
import type { OwnerJob } from "../../api/types";
import { useCountedPages } from "../../api/useCountedPages";
import { useSignedInUser } from "../../auth/signedInUser";
import { BadgeCheckIcon, DollarIcon, MapPinIcon, TruckIcon } from "../../components/icons";
import { OwnerOrderCard } from "../../components/orders/OwnerOrderCard";
import { PageBody, PageHeading } from "../../components/PageHeading";
import { ShowMore } from "../../components/ShowMore";
import { Spinner } from "../../components/Spinner";
import { StatCard } from "../../components/StatCard";
import { formatCents, formatCount } from "../../lib/format";
import { inputClass } from "../../lib/styles";
import { PayoutsPanel } from "./PayoutsPanel";
import { TRACKING_TABS, type TrackingSearch } from "./trackingSearch";

function tabClass({ selected }: { selected: boolean }) {
  return `rounded-lg px-4 py-2 text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ${
    selected ? "bg-white text-brand-700 shadow" : "text-slate-600 hover:text-slate-900"
  }`;
}

/** The spec's hints for a printed order waiting to be handed over (spec 2 §2). */
function hintFor(order: OwnerJob): string | null {
  if (order.status !== "completed") return null;
  return order.deliveryMethod === "shipping"
    ? "Print completed - prepare for shipping and update tracking"
    : "Print completed - notify customer it's ready for pickup";
}

function OrderList({ orders, empty }: { orders: OwnerJob[]; empty: string }) {
  if (orders.length === 0) return <p className="py-6 text-slate-600">{empty}</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {orders.map((o) => (
        <li key={o.id}>
          <OwnerOrderCard order={o} hint={hintFor(o)} />
        </li>
      ))}
    </ul>
  );
}

/** A tracking tab's orders, a page at a time, reading on past pages the server's look budget left empty. */
function TrackedList({
  pages,
  total,
  empty,
}: {
  pages: UseInfiniteQueryResult<InfiniteData<Paged<OwnerJob>>>;
  total: number | undefined;
  empty: string;
}) {
  const { items, more, readOn, showMore } = useCountedPages(pages, total);
  if (pages.isError)
    return (
      <p role="alert" className="text-red-700">
        Failed to fetch printer jobs
      </p>
    );
  if (pages.isPending || (readOn && items.length === 0)) return <Spinner />;
  return (
    <>
      <OrderList orders={items} empty={more ? "" : empty} />
      {readOn ? <Spinner /> : <ShowMore pages={showMore} label="Show more orders" />}
    </>
  );
}

function Message({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PageBody className="text-center">
      <h2 className="text-2xl font-bold text-slate-900">{title}</h2>
      {children}
    </PageBody>
  );
}

/**
 * Printer tracking and payouts (spec 2 §2, §4 "Tracking lists", §9): the owner's first printer's
 * printed orders by how they leave (pickup, shipping), the summary cards with what the owner earns
 * from handed-over orders (the printer's tally on the server, GET /api/printers/{id}/jobs/figures:
 * the same earnings as everywhere, with what the customers paid beside it), and the payouts tab
 * (?tab=payouts).
 */
export function PrinterTrackingPage({ search }: { search: TrackingSearch }) {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const printers = useQuery(ownPrintersQuery(user.id));
  // The spec's screen tracks the owner's first printer; an owner of several may choose another.
  const first = printers.data?.find((p) => p.id === search.printer) ?? printers.data?.[0];
  // The cards and the tabs' counts are the server's (every order, from the printer's tally); each
  // tab reads its own orders a page at a time, filtered on the server (issue 23 point 2), once opened.
  const figures = useQuery({ ...printerFiguresQuery(first?.id ?? ""), enabled: !!first });
  const tab = TRACKING_TABS.indexOf(search.tab ?? "pickup");
  const pickup = useInfiniteQuery({ ...printerJobPagesQuery(first?.id ?? "", "pickup"), enabled: !!first && tab === 0 });
  const shipping = useInfiniteQuery({ ...printerJobPagesQuery(first?.id ?? "", "shipping"), enabled: !!first && tab === 1 });

  const heading = (
    <PageHeading
      title="Printer Tracking"
      subtitle={first ? `Pickups, shipments and payouts for ${first.name}.` : "Pickups, shipments and payouts."}
    />
  );
  if (printers.isPending) {
    return (
      <>
        {heading}
        <div role="status" aria-label="Loading" className="flex justify-center py-16">
          <Spinner />
        </div>
      </>
    );
  }
  if (printers.isError) {
    return (
      <>
        {heading}
        <Message title="Failed to fetch printers">
          <p className="mt-2 text-slate-600">Please reload the page.</p>
        </Message>
      </>
    );
  }
  if (!first) {
    return (
      <>
        {heading}
        <Message title="No Printer Registered">
          <p className="mt-2 text-slate-600">List a printer to track pickups, shipments and payouts.</p>
          <Link to="/dashboard" className="mt-6 inline-flex rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
            Go to Dashboard
          </Link>
        </Message>
      </>
    );
  }

  const summary = figures.data?.tracking;
  const count = (n: number | undefined) => (n === undefined ? "…" : formatCount(n));

  return (
    <>
      {heading}
      <PageBody>
        {(printers.data?.length ?? 0) > 1 ? (
          <div className="mb-6 max-w-sm">
            <label htmlFor="tracking-printer" className="block text-sm font-medium text-slate-700">
              Printer
            </label>
            <select
              id="tracking-printer"
              className={inputClass}
              value={first.id}
              onChange={(e) => void navigate({ to: "/printer-tracking", search: { ...search, printer: e.target.value }, replace: true })}
            >
              {printers.data?.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          <StatCard label="Pickup Orders" value={count(summary?.pickupCount)} icon={<MapPinIcon />} />
          <StatCard label="Shipping Orders" value={count(summary?.shippingCount)} icon={<TruckIcon />} />
          <StatCard label="Completed" value={count(summary?.completedCount)} icon={<BadgeCheckIcon />} />
          <StatCard
            label="Earnings"
            value={summary ? formatCents(summary.ownerEarnedCents) : "…"}
            note={
              summary
                ? `What you earn from picked-up and shipped orders; their customers paid ${formatCents(summary.customerPaidCents)}`
                : "What you earn from picked-up and shipped orders"
            }
            icon={<DollarIcon />}
          />
        </div>

        <TabGroup
          className="mt-8"
          selectedIndex={tab}
          onChange={(i) =>
            void navigate({ to: "/printer-tracking", search: { ...search, tab: TRACKING_TABS[i] ?? "pickup" }, replace: true })
          }
        >
          <TabList aria-label="Tracking" className="inline-flex rounded-xl bg-slate-100 p-1">
            <Tab className={tabClass}>Pickup Orders ({count(summary?.pickupCount)})</Tab>
            <Tab className={tabClass}>Shipping Orders ({count(summary?.shippingCount)})</Tab>
            <Tab className={tabClass}>Payouts</Tab>
          </TabList>
          <TabPanels className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <TabPanel>
              {/* The cards' order numbers are h3s: each list has its h2, as the payouts tab's sections do. */}
              <h2 className="sr-only">Pickup Orders</h2>
              <TrackedList
                pages={pickup}
                total={summary?.pickupCount}
                empty="No pickup orders yet: printed pickup and local-delivery orders appear here."
              />
            </TabPanel>
            <TabPanel>
              <h2 className="sr-only">Shipping Orders</h2>
              <TrackedList
                pages={shipping}
                total={summary?.shippingCount}
                empty="No shipping orders yet: printed orders to ship appear here."
              />
            </TabPanel>
            <TabPanel>
              <PayoutsPanel userId={user.id} />
            </TabPanel>
          </TabPanels>
        </TabGroup>
      </PageBody>
    </>
  );
}
