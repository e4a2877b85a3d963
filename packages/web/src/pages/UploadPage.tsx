import { PageBody, PageHeading } from "../components/PageHeading";

export function UploadPage() {
  return (
    <>
      <PageHeading title="Upload Your Design" subtitle="Upload an STL, OBJ or 3MF file (up to 50 MB) to get an instant price." />
      <PageBody>
        <p className="text-slate-600">The design upload will appear here.</p>
      </PageBody>
    </>
  );
}
