import type { OrderBasics } from "../../api/types";
import { dateTimeText, timeline } from "../../lib/orders";

/** The order's milestones, each only once it happened (spec 2 §2). */
export function OrderTimeline({ order }: { order: OrderBasics }) {
  const steps = timeline(order);
  return (
    <ol aria-label="Timeline" className="space-y-2 border-l-2 border-brand-200 pl-4">
      {steps.map((s) => (
        <li key={s.label} className="relative text-sm">
          <span aria-hidden="true" className="absolute -left-[1.4rem] top-1.5 h-2.5 w-2.5 rounded-full bg-brand-500" />
          <span className="font-medium text-slate-900">{s.label}</span>
          <span className="ml-2 text-slate-500">{dateTimeText(s.at)}</span>
        </li>
      ))}
    </ol>
  );
}
