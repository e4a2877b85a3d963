import { Spinner } from "../../components/Spinner";

/** A staff panel's data on its way, said in words for screen readers. */
export function Loading({ what }: { what: string }) {
  return (
    <p role="status" className="flex items-center gap-3 text-slate-600">
      <Spinner className="h-5 w-5" />
      Loading {what}…
    </p>
  );
}
