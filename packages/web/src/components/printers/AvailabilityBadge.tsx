export function AvailabilityBadge({ available }: { available: boolean }) {
  return available ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800">
      <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-green-600" />
      Available
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
      <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-slate-500" />
      Busy
    </span>
  );
}
