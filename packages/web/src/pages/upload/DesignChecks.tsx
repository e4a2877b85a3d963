import type { DesignCheck } from "../../upload/checks";

/** "Before you order": what the customer should know about the design, with the one-click rescale when there is one. */
export function DesignChecks({ checks, onRescale }: { checks: DesignCheck[]; onRescale(scale: number): void }) {
  if (!checks.length) return null;
  return (
    <section className="mt-5 space-y-3" aria-label="Checks before you order">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Before you order</h3>
      {checks.map((c) => (
        <div
          key={c.id}
          className={`rounded-xl border p-4 ${c.tone === "warning" ? "border-amber-300 bg-amber-50" : "border-sky-200 bg-sky-50"}`}
        >
          <p className="font-semibold text-slate-900">{c.title}</p>
          <p className="mt-1 text-sm text-slate-700">{c.text}</p>
          {c.action ? (
            <button
              type="button"
              onClick={() => onRescale(c.action!.scale)}
              className="mt-2 rounded-lg bg-white px-3 py-1.5 text-sm font-semibold text-brand-700 shadow-sm ring-1 ring-brand-200 hover:bg-brand-50"
            >
              {c.action.label}
            </button>
          ) : null}
        </div>
      ))}
    </section>
  );
}
