import { Link } from "@tanstack/react-router";
import { PageBody, PageHeading } from "../components/PageHeading";
import { StatCard } from "../components/StatCard";
import { formatMoney } from "../lib/format";

export function PrinterDashboardPage() {
  return (
    <>
      <PageHeading title="Printer Owner Dashboard" subtitle="Manage your printers, order requests and earnings." />
      <PageBody>
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          <StatCard label="Active Printers" value="0" />
          <StatCard label="Pending Orders" value="0" />
          <StatCard label="Total Earnings" value={formatMoney(0)} />
          <StatCard label="Total Jobs" value="0" />
        </div>
        <section aria-labelledby="your-printers-heading" className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <div className="flex items-center justify-between">
            <h2 id="your-printers-heading" className="text-xl font-semibold text-slate-900">
              Your Printers
            </h2>
            <Link
              to="/add-printer"
              className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
            >
              Add Printer
            </Link>
          </div>
          <p className="mt-4 text-slate-600">List your first printer to start receiving print requests from your neighbours.</p>
        </section>
      </PageBody>
    </>
  );
}
