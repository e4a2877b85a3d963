import { lazy, Suspense } from "react";
import { Spinner } from "../Spinner";
import type { ModelPreviewProps } from "./ModelPreview";

const ModelPreview = lazy(() => import("./ModelPreview"));

/** The three.js preview, fetched only when a page shows it. */
export function LazyModelPreview(props: ModelPreviewProps) {
  return (
    <Suspense
      fallback={
        <div
          role="status"
          aria-label="Loading 3D preview"
          className="flex h-80 items-center justify-center rounded-xl border border-slate-200 bg-slate-50"
        >
          <Spinner />
        </div>
      }
    >
      <ModelPreview {...props} />
    </Suspense>
  );
}
