import { Link } from "@tanstack/react-router";
import { PageBody, PageHeading } from "../components/PageHeading";

export function BrowsePage() {
  return (
    <>
      <PageHeading
        title="Find 3D Printers Near You"
        subtitle="Printer owners in Berthoud, Loveland, Fort Collins and across Northern Colorado, ready to print your design."
      />
      <PageBody>
        <div className="rounded-2xl border border-dashed border-slate-300 p-10 text-center">
          <p className="text-slate-600">Own a 3D printer? Earn from its idle hours by printing for your neighbours.</p>
          <Link to="/auth" className="mt-4 inline-flex font-semibold text-brand-700 hover:underline">
            List Your Printer
          </Link>
        </div>
      </PageBody>
    </>
  );
}
