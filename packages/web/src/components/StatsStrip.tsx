import { useQuery } from "@tanstack/react-query";
import { statsQuery } from "../api/stats";
import type { Stats } from "../api/types";
import { formatCount } from "../lib/format";

const items: { key: keyof Stats; label: string }[] = [
  { key: "printersNearby", label: "Printers Nearby" },
  { key: "printsThisMonth", label: "Prints This Month" },
  { key: "totalPrinters", label: "Total Printers" },
  { key: "totalOrders", label: "Orders Completed" },
];

/** Live numbers from GET /api/stats: skeletons while loading, nothing at all without data. */
export function StatsStrip() {
  const { data, isPending } = useQuery(statsQuery);

  if (isPending) {
    return (
      <section aria-label="Live statistics" aria-busy="true" className="bg-white">
        <div className="mx-auto grid max-w-5xl grid-cols-2 gap-4 px-4 py-8 sm:px-6 md:grid-cols-4">
          {items.map((item) => (
            <div key={item.key} data-testid="stat-placeholder" className="flex flex-col items-center gap-2 p-4">
              <span className="h-8 w-16 animate-pulse rounded bg-slate-200" />
              <span className="h-4 w-24 animate-pulse rounded bg-slate-100" />
            </div>
          ))}
        </div>
      </section>
    );
  }

  if (!data) return null;

  return (
    <section aria-label="Live statistics" className="bg-white">
      <dl className="mx-auto grid max-w-5xl grid-cols-2 gap-4 px-4 py-8 sm:px-6 md:grid-cols-4">
        {items.map((item) => (
          <div key={item.key} className="flex flex-col-reverse items-center gap-1 rounded-xl p-4 text-center">
            <dt className="text-sm font-medium text-slate-500">{item.label}</dt>
            <dd className="text-3xl font-bold text-brand-700">{formatCount(data[item.key])}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
