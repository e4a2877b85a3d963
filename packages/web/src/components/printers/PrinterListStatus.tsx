import type { ReactNode } from "react";
import { ApiError } from "../../api/client";
import { Spinner } from "../Spinner";

/** Shown while the printer list loads. */
export function PrintersLoading() {
  return (
    <div role="status" aria-label="Loading printers" className="flex justify-center py-16">
      <Spinner />
    </div>
  );
}

/**
 * Shown when the printer list could not be fetched (the spec's text). When the server refused what
 * was asked (a ZIP it does not know, a filter out of range: a 400), its sentence says what to change.
 */
export function PrintersLoadError({ error }: { error?: unknown }) {
  const why = error instanceof ApiError && error.status === 400 && error.fromServer ? error.message : null;
  return (
    <div role="alert" className="mt-6 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
      <p>Failed to fetch printers</p>
      {why && <p className="mt-1 text-sm">{why}</p>}
    </div>
  );
}

/** Shown when no printer matches: what happened, what to do, and (as children) the way on. */
export function NoPrintersFound({ title, message, children }: { title: string; message: string; children: ReactNode }) {
  return (
    <div className="mt-6 rounded-2xl border border-dashed border-slate-300 p-10 text-center">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 text-slate-600">{message}</p>
      {children}
    </div>
  );
}
