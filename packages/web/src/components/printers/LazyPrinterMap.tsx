import { lazy, Suspense } from "react";
import type { PrinterMapProps } from "./PrinterMap";

// Leaflet loads only on the pages that show a map.
const PrinterMap = lazy(() => import("./PrinterMap"));

export function LazyPrinterMap(props: PrinterMapProps) {
  return (
    <Suspense
      fallback={
        <div
          role="status"
          className="flex h-[560px] items-center justify-center rounded-2xl border border-slate-200 bg-slate-100 text-slate-500"
        >
          Loading map…
        </div>
      }
    >
      <PrinterMap {...props} />
    </Suspense>
  );
}
