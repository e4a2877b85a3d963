import { PageBody, PageHeading } from "../components/PageHeading";

export function SubmitPrintPage() {
  return (
    <>
      <PageHeading title="Submit Print Job" subtitle="Choose your filament colour and delivery method, then submit your order." />
      <PageBody>
        <p className="text-slate-600">Your print job details will appear here.</p>
      </PageBody>
    </>
  );
}
