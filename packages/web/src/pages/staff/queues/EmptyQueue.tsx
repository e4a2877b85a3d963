/** A queue with nothing waiting, in words. */
export function EmptyQueue({ children }: { children: string }) {
  return <p className="rounded-xl border border-dashed border-slate-300 bg-slate-50 p-6 text-center text-slate-600">{children}</p>;
}
