import { PageBody, PageHeading } from "../../components/PageHeading";
import { LazyModelPreview } from "../../components/preview/LazyModelPreview";
import { Spinner } from "../../components/Spinner";
import { cardClass } from "../../lib/styles";
import { MAX_UPLOAD_SIZE, uploadFormatsText } from "../../lib/uploads";
import { AnalysisResultsCard } from "./AnalysisResultsCard";
import { FileUploadCard } from "./FileUploadCard";
import { PricingBreakdownCard } from "./PricingBreakdownCard";
import { PrintSettingsCard } from "./PrintSettingsCard";
import { ProjectPartsCard } from "./ProjectPartsCard";
import { partPreview } from "./projectPricing";
import { UploadActions } from "./UploadActions";
import { type UploadSearch, useUploadPage } from "./useUploadPage";

export type { UploadSearch } from "./useUploadPage";

/** Design upload (spec 1 §2): the four cards and the two buttons; the state lives in useUploadPage. */
export function UploadPage({ search = {} }: { search?: UploadSearch }) {
  const state = useUploadPage(search);
  const { settings, upload, analysis, printer } = state;
  // Part 1 unless another part was chosen for the preview (ProjectPartsCard's "Show part N in 3D").
  const preview =
    partPreview(state.parts, settings) ??
    (upload.positions && analysis
      ? { positions: upload.positions, dimensions: analysis.boundingBox, fileName: upload.file?.name ?? "design", scale: settings.scale }
      : null);

  if (state.draftLoading) {
    return (
      <div role="status" aria-label="Loading draft" className="flex justify-center py-24">
        <Spinner />
      </div>
    );
  }

  return (
    <>
      <PageHeading
        title="Upload Your Design"
        subtitle={`Upload an ${uploadFormatsText()} file (up to ${MAX_UPLOAD_SIZE}) for an instant price, then choose a local printer.`}
      >
        {printer ? (
          <p className="mt-4 inline-flex rounded-full bg-brand-100 px-4 py-1 text-sm font-medium text-brand-800">
            Printing on {printer.name} · {printer.location}
          </p>
        ) : null}
      </PageHeading>
      <PageBody>
        <div className="grid grid-cols-1 gap-8 lg:grid-cols-5">
          <div className="space-y-6 lg:col-span-3">
            <FileUploadCard
              upload={upload}
              editing={state.editingDraft ? (state.draft ?? null) : null}
              onReplace={state.replaceDraftFile}
              onFiles={state.pickFiles}
              orderable={state.firstOrderable}
            />
            {state.hasFile ? (
              <ProjectPartsCard
                parts={state.parts}
                firstName={upload.file?.name ?? state.draft?.parts[0]?.fileName ?? "design"}
                firstThumbnail={state.firstThumbnail}
                settings={settings}
                onAddFiles={state.pickFiles}
              />
            ) : null}
            {preview ? (
              <section aria-labelledby="preview-title" className={cardClass}>
                <h2 id="preview-title" className="mb-4 text-lg font-semibold text-slate-900">
                  3D Preview
                </h2>
                {state.parts.extras.length > 0 ? <p className="-mt-2 mb-3 text-sm text-slate-600">{preview.fileName}</p> : null}
                <LazyModelPreview
                  key={preview.fileName}
                  positions={preview.positions}
                  dimensions={preview.dimensions}
                  fileName={preview.fileName}
                  scale={preview.scale}
                />
              </section>
            ) : null}
            <AnalysisResultsCard state={state} />
          </div>

          <div className="space-y-6 lg:col-span-2">
            <PricingBreakdownCard
              price={state.price}
              priceRange={state.priceRange}
              colors={state.colors}
              material={settings.material}
              deliveryMethod={settings.deliveryMethod}
              printer={printer}
              source={state.source}
              hasFile={state.hasFile}
              lines={state.lines}
            />
            <PrintSettingsCard settings={settings} set={state.set} ofProject={state.parts.extras.length > 0} />
            <UploadActions
              hasFile={state.hasFile}
              notOrderable={state.notOrderable}
              pending={state.pending}
              printerId={state.printerId}
              printerNumber={state.printer?.number}
              onSave={state.save}
            />
          </div>
        </div>
      </PageBody>
    </>
  );
}
