import { Link } from "@tanstack/react-router";
import { type ComponentType, lazy, Suspense } from "react";
import { useSignedInUser } from "../../auth/signedInUser";
import { PageBody, PageHeading } from "../../components/PageHeading";
import { NotFoundPage } from "../NotFoundPage";
import { AuditPanel } from "./AuditPanel";
import { Loading } from "./Loading";
import { LookupPanel } from "./LookupPanel";
import { STAFF_QUEUES } from "./queues/list";
import type { StaffSearch } from "./staffSearch";

// Each queue's component, loaded when its tab is first opened (queues/list.ts says how to add one).
const QUEUE_PANELS: Record<string, ComponentType> = Object.fromEntries(
  STAFF_QUEUES.map((q) => [q.id, lazy(() => q.load().then((m) => ({ default: m.Queue })))]),
);

const TABS = [
  ...STAFF_QUEUES.map((q) => ({ id: q.id, title: q.title })),
  { id: "lookup", title: "Look-up" },
  { id: "audit", title: "Audit log" },
];

/**
 * /staff: the staff console (issue 21 point 5). Only a staff account sees it; anyone else sees the
 * site's "not found" page, as the staff API answers them (its calls 404 for them too). Tabs: the
 * queues (queues/list.ts), the look-up, the audit log; the open tab is in the address.
 */
export function StaffConsolePage({ search }: { search: StaffSearch }) {
  const user = useSignedInUser();
  if (!user.isStaff) return <NotFoundPage />;
  const current = TABS.find((t) => t.id === search.tab) ?? TABS[0];
  const tab = current?.id ?? "lookup";
  const Queue = QUEUE_PANELS[tab];
  return (
    <>
      <PageHeading title="Staff console" subtitle={`Signed in as ${user.email}. Every action here is written to the audit log.`} />
      <PageBody>
        <nav aria-label="Staff console" className="flex flex-wrap gap-2 border-b border-slate-200 pb-3">
          {TABS.map((t) => (
            <Link
              key={t.id}
              to="/staff"
              search={{ tab: t.id }}
              aria-current={t.id === current?.id ? "page" : undefined}
              className={`rounded-lg px-3 py-2 text-sm font-semibold ${
                t.id === current?.id ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"
              }`}
            >
              {t.title}
            </Link>
          ))}
        </nav>
        <div className="mt-6">
          <h2 className="mb-4 text-xl font-semibold text-slate-900">{current?.title}</h2>
          {tab === "lookup" ? (
            <LookupPanel key={search.q ?? ""} q={search.q} />
          ) : tab === "audit" ? (
            <AuditPanel />
          ) : Queue ? (
            <Suspense fallback={<Loading what="the queue" />}>
              <Queue />
            </Suspense>
          ) : null}
        </div>
      </PageBody>
    </>
  );
}
