import type { ReactNode } from "react";

/** A figure with its label, and a line saying what it counts when the label alone could be read two ways. */
export function StatCard({ label, value, icon, note }: { label: string; value: string; icon?: ReactNode; note?: string }) {
  return (
    <div className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-slate-500">{label}</p>
        {icon ? <span className="text-brand-600">{icon}</span> : null}
      </div>
      <p className="mt-2 break-words text-3xl font-bold text-slate-900">{value}</p>
      {note ? <p className="mt-1 text-xs text-slate-500">{note}</p> : null}
    </div>
  );
}
