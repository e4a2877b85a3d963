import { Link } from "@tanstack/react-router";
import { useSignedInUser } from "../auth/signedInUser";
import { PageBody } from "../components/PageHeading";
import { StatCard } from "../components/StatCard";
import { formatMoney } from "../lib/format";
import { firstNameOf } from "../lib/initials";

export function DashboardPage() {
  const user = useSignedInUser();
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
        <StatCard label="Total Orders" value="0" />
        <StatCard label="Active" value="0" />
        <StatCard label="Completed" value="0" />
        <StatCard label="Total Spent" value={formatMoney(0)} />
      </div>

      <section aria-labelledby="print-jobs-heading" className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="print-jobs-heading" className="text-xl font-semibold text-slate-900">
          Your Print Jobs
        </h2>
        <div className="mt-6 rounded-xl border border-dashed border-slate-300 p-10 text-center">
          <p className="text-slate-600">You have no print jobs yet. Upload a design to get an instant price.</p>
          <Link to="/upload" className="mt-3 inline-flex font-semibold text-brand-700 hover:underline">
            Upload Design
          </Link>
        </div>
      </section>
    </PageBody>
  );
}
