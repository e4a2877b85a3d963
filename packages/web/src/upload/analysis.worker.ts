/// <reference lib="webworker" />
// The design analysis in a Web Worker: the same pure code the server runs (core/analysis), so
// the customer sees an estimate before the upload ends. It also hands the triangle positions
// to the 3D preview (transferred, not copied), so the page never parses the file again.
import { type DesignGeometry, measureDesign } from "@printhood/core/analysis/index";
import { positionsOf, previewPositions } from "./positions";

export type WorkerRequest = { file: File };
export type WorkerResponse =
  | { type: "positions"; positions: Float32Array }
  | { type: "geometry"; geometry: DesignGeometry; ms: number }
  | { type: "error"; message: string };

const post = (msg: WorkerResponse, transfer: Transferable[] = []) =>
  (self as unknown as DedicatedWorkerGlobalScope).postMessage(msg, transfer);

self.onmessage = async (e: MessageEvent<WorkerRequest>) => {
  const { file } = e.data;
  const started = performance.now();
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    post({ type: "error", message: file.name.toLowerCase().endsWith(".3mf") ? "Failed to read 3MF file" : "Failed to read STL file" });
    return;
  }
  try {
    const all = positionsOf(bytes, file.name);
    const positions = all ? previewPositions(all) : null;
    if (positions) post({ type: "positions", positions }, [positions.buffer]);
  } catch {
    // the preview is optional; the analysis below reports what is wrong with the file
  }
  try {
    const geometry = measureDesign(bytes, file.name);
    post({ type: "geometry", geometry, ms: Math.round(performance.now() - started) });
  } catch (err) {
    post({ type: "error", message: err instanceof Error ? err.message : "The design could not be analysed." });
  }
};
