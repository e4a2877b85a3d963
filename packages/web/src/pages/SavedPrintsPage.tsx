import { PageBody, PageHeading } from "../components/PageHeading";

export function SavedPrintsPage() {
  return (
    <>
      <PageHeading title="Saved Prints" subtitle="Designs you have saved as drafts, ready to send to a printer." />
      <PageBody>
        <p className="text-slate-600">Your saved prints will appear here.</p>
      </PageBody>
    </>
  );
}
