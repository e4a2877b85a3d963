import { Link } from "@tanstack/react-router";
import { PageBody, PageHeading } from "../components/PageHeading";

export function AddPrinterPage() {
  return (
    <>
      <PageHeading
        title="Add Your 3D Printer"
        subtitle="List your printer on the marketplace and start earning from its idle hours."
      />
      <PageBody>
        <p className="text-slate-600">The printer form will appear here.</p>
        <Link to="/dashboard" className="mt-6 inline-flex rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-700 hover:bg-slate-50">
          Cancel
        </Link>
      </PageBody>
    </>
  );
}
