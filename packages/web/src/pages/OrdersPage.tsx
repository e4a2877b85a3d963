import { PageBody, PageHeading } from "../components/PageHeading";

export function OrdersPage() {
  return (
    <>
      <PageHeading title="My Print Orders" subtitle="Every print job you have submitted, with its status." />
      <PageBody>
        <p className="text-slate-600">Your submitted orders will appear here.</p>
      </PageBody>
    </>
  );
}
