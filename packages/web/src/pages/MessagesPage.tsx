import { PageBody, PageHeading } from "../components/PageHeading";

export function MessagesPage() {
  return (
    <>
      <PageHeading title="Messages" subtitle="Talk with printer owners and customers about your print jobs." />
      <PageBody>
        <p className="text-slate-600">Your conversations will appear here.</p>
      </PageBody>
    </>
  );
}
