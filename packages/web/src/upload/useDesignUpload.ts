import type { DesignGeometry } from "@printhood/core/analysis/index";
import { uploadProblem } from "@printhood/core/shared/uploads";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "../api/client";
import type { UploadRecord } from "../api/types";
import { createUpload, fetchUpload, uploadQuery } from "../api/uploads";
import { useToast } from "../components/Toasts";
import type { WorkerResponse } from "./analysis.worker";
import { uploadToS3 } from "./uploadToS3";

export type UploadPhase = "idle" | "error" | "uploading" | "uploaded";

export interface DesignUpload {
  file: File | null;
  phase: UploadPhase;
  /** 0..1, from the upload's own progress events. */
  progress: number;
  /** The file-type or size message, or the upload's failure. */
  error: string | null;
  uploadId: string | null;
  /** The browser's instant analysis (Web Worker). */
  localGeometry: DesignGeometry | null;
  localError: string | null;
  localMs: number | null;
  /** Triangle positions for the preview. */
  positions: Float32Array | null;
  /** The server's record of the upload (polled until its analysis finishes). */
  server: UploadRecord | null;
  pick(file: File): void;
  clear(): void;
  /** Resolves with the server's finished record (analysed or failed). */
  waitForServer(): Promise<UploadRecord>;
}

const POLL_MS = 600;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One design file from pick to the server's analysis: checks type and size with the shared rules,
 * runs the analysis in a Web Worker for an instant estimate, uploads straight to S3 with a real
 * progress bar, then polls the server's analysis, which is the one that prices the order. A failed
 * upload toasts Upload Failed with the reason (spec 1 §8); a lapsed session goes to /auth.
 */
export function useDesignUpload(): DesignUpload {
  const { toast } = useToast();
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<UploadPhase>("idle");
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [uploadId, setUploadId] = useState<string | null>(null);
  const [localGeometry, setLocalGeometry] = useState<DesignGeometry | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const [localMs, setLocalMs] = useState<number | null>(null);
  const [positions, setPositions] = useState<Float32Array | null>(null);
  const worker = useRef<Worker | null>(null);
  const abort = useRef<AbortController | null>(null);
  const generation = useRef(0);
  const uploadDone = useRef<Promise<string> | null>(null);
  const handlers = {
    onUploadFailed: (message: string) => toast({ title: "Upload Failed", description: message, variant: "destructive" }),
    onUnauthenticated: () => void navigate({ to: "/auth" }),
  };
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;

  const serverQuery = useQuery({
    ...uploadQuery(uploadId ?? "none"),
    enabled: !!uploadId && phase === "uploaded",
    refetchInterval: (q) => (q.state.data?.status === "pending" || !q.state.data ? POLL_MS : false),
    retry: 2,
  });

  // Reads refs only, so it never changes: the effect below runs it once, on unmount.
  const stopWork = useCallback(() => {
    worker.current?.terminate();
    worker.current = null;
    abort.current?.abort();
    abort.current = null;
  }, []);
  useEffect(() => stopWork, [stopWork]);

  const clear = useCallback(() => {
    generation.current++;
    stopWork();
    uploadDone.current = null;
    setFile(null);
    setPhase("idle");
    setProgress(0);
    setError(null);
    setUploadId(null);
    setLocalGeometry(null);
    setLocalError(null);
    setLocalMs(null);
    setPositions(null);
  }, [stopWork]);

  const pick = useCallback(
    (picked: File) => {
      clear();
      const gen = ++generation.current;
      const problem = uploadProblem(picked.name, picked.size);
      setFile(picked);
      if (problem) {
        setPhase("error");
        setError(problem);
        return;
      }
      // instant estimate in a worker (absent in test environments without Worker)
      if (typeof Worker !== "undefined") {
        const w = new Worker(new URL("./analysis.worker.ts", import.meta.url), { type: "module" });
        worker.current = w;
        w.onmessage = (e: MessageEvent<WorkerResponse>) => {
          if (gen !== generation.current) return;
          const msg = e.data;
          if (msg.type === "positions") setPositions(msg.positions);
          else if (msg.type === "geometry") {
            setLocalGeometry(msg.geometry);
            setLocalMs(msg.ms);
            w.terminate();
          } else {
            setLocalError(msg.message);
            w.terminate();
          }
        };
        w.onerror = () => gen === generation.current && setLocalError("The design could not be analysed in your browser.");
        w.postMessage({ file: picked });
      }
      // the upload itself
      setPhase("uploading");
      const controller = new AbortController();
      abort.current = controller;
      uploadDone.current = (async () => {
        const presigned = await createUpload(picked.name, picked.size);
        if (gen !== generation.current) throw new Error("superseded");
        setUploadId(presigned.uploadId);
        await uploadToS3(presigned, picked, (f) => gen === generation.current && setProgress(f), controller.signal);
        return presigned.uploadId;
      })();
      uploadDone.current.then(
        () => {
          if (gen !== generation.current) return;
          setProgress(1);
          setPhase("uploaded");
        },
        (e: unknown) => {
          if (gen !== generation.current) return;
          if (e instanceof ApiError && e.status === 401) return handlersRef.current.onUnauthenticated();
          const message = e instanceof Error ? e.message : "Upload failed";
          setPhase("error");
          setError(message);
          handlersRef.current.onUploadFailed(message);
        },
      );
    },
    [clear],
  );

  const waitForServer = useCallback(async (): Promise<UploadRecord> => {
    if (!uploadDone.current) throw new Error("Please select a 3D file to upload.");
    const id = await uploadDone.current;
    for (let i = 0; i < 200; i++) {
      const rec = await fetchUpload(id);
      if (rec.status !== "pending") return rec;
      await sleep(POLL_MS);
    }
    throw new Error("The analysis is taking longer than expected. Please try again in a minute.");
  }, []);

  return {
    file,
    phase,
    progress,
    error,
    uploadId,
    localGeometry,
    localError,
    localMs,
    positions,
    server: serverQuery.data ?? null,
    pick,
    clear,
    waitForServer,
  };
}
