import { PageBody, PageHeading } from "../components/PageHeading";

export function PrinterTrackingPage() {
  return (
    <>
      <PageHeading title="Printer Tracking" subtitle="Follow pickups, shipments and payouts for your printer." />
      <PageBody>
        <p className="text-slate-600">Orders ready for pickup or shipping will appear here.</p>
      </PageBody>
    </>
  );
}
