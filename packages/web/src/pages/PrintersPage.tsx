import { Link } from "@tanstack/react-router";
import { PageBody, PageHeading } from "../components/PageHeading";

export function PrintersPage() {
  return (
    <>
      <PageHeading
        title="Find Local 3D Printers"
        subtitle="Compare printers by location, material, colour and availability, and pick the right one for your design."
      />
      <PageBody>
        <div className="rounded-2xl border border-dashed border-slate-300 p-10 text-center">
          <p className="text-slate-600">Have a design ready? Upload it first to see which printers can make it.</p>
          <Link to="/upload" className="mt-4 inline-flex font-semibold text-brand-700 hover:underline">
            Upload Your Design
          </Link>
        </div>
      </PageBody>
    </>
  );
}
