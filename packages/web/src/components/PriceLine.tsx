/** One line of a price breakdown (inside a <dl>): the label left, the amount right. */
export function PriceLine({ label, value, muted }: { label: string; value: string; muted?: boolean }) {
  return (
    <div className={`flex justify-between ${muted ? "text-slate-500" : "text-slate-700"}`}>
      <dt>{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}
