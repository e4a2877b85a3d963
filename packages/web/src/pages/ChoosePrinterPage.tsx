import { PageBody, PageHeading } from "../components/PageHeading";

export function ChoosePrinterPage() {
  return (
    <>
      <PageHeading title="Choose a Printer" subtitle="Pick a local printer owner for your design." />
      <PageBody>
        <p className="text-slate-600">Available printers will appear here.</p>
      </PageBody>
    </>
  );
}
