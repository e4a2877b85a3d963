import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { ApiError } from "../../api/client";
import { draftQuery } from "../../api/jobs";
import { printerQuery } from "../../api/printers";
import { PageBody, PageHeading } from "../../components/PageHeading";
import { Spinner } from "../../components/Spinner";
import { useToast } from "../../components/Toasts";
import { SubmitPrintForm } from "./SubmitPrintForm";
import { SUBMIT_RETRIES, type SubmitPrintSearch } from "./submitSearch";

/**
 * Submit Print Job (spec 1 §2): loads the draft and the chosen printer (a missing parameter or
 * draft sends the customer back to /upload with the spec's toast; a failed load shows Error
 * Loading Details), then the form.
 */
export function SubmitPrintPage({ search = {} }: { search?: SubmitPrintSearch }) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const { printerId, draftId } = search;
  const missing = !printerId || !draftId;

  const warned = useRef(false);
  useEffect(() => {
    if (missing && !warned.current) {
      warned.current = true;
      toast({
        title: "Invalid Request",
        description: "Missing printer or draft information. Redirecting to upload...",
        variant: "destructive",
      });
      void navigate({ to: "/upload", replace: true });
    }
  }, [missing, navigate, toast]);

  const draft = useQuery({ ...draftQuery(draftId ?? "", SUBMIT_RETRIES), enabled: !missing });
  const printer = useQuery({ ...printerQuery(printerId ?? "", SUBMIT_RETRIES), enabled: !missing });
  const draftMissing = draft.error instanceof ApiError && draft.error.status === 404;
  const movedOn = useRef(false);
  useEffect(() => {
    if (draftMissing && !movedOn.current) {
      movedOn.current = true;
      toast({ title: "Missing Draft", description: "No draft found. Please start over by uploading your file.", variant: "destructive" });
      void navigate({ to: "/upload", replace: true });
    }
  }, [draftMissing, navigate, toast]);

  if (missing || draftMissing) return null;
  if (draft.isPending || printer.isPending) {
    return (
      <div role="status" aria-label="Loading details" className="flex justify-center py-24">
        <Spinner />
      </div>
    );
  }
  if (draft.isError || printer.isError) {
    const message = draft.isError ? "Failed to fetch draft details" : "Failed to fetch printer details";
    const detail = (draft.error ?? printer.error)?.message;
    return (
      <PageBody>
        <div className="mx-auto max-w-lg rounded-2xl border border-red-200 bg-red-50 p-8 text-center">
          <h1 className="text-xl font-semibold text-red-800">Error Loading Details</h1>
          <p className="mt-2 text-red-700">{message}</p>
          {detail && detail !== message ? <p className="mt-1 text-sm text-red-600">{detail}</p> : null}
          <Link
            to="/upload"
            className="mt-6 inline-flex rounded-lg bg-white px-4 py-2 font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-100"
          >
            Go Back to Upload
          </Link>
        </div>
      </PageBody>
    );
  }

  return (
    <>
      <PageHeading title="Submit Print Job" subtitle="Check your filament colour and delivery, then submit and pay securely." />
      <PageBody>
        <SubmitPrintForm draft={draft.data} printer={printer.data} />
      </PageBody>
    </>
  );
}
