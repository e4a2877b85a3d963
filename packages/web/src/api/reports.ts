import { useMutation } from "@tanstack/react-query";
import { useToast } from "../components/Toasts";
import { call, client } from "./client";
import type { ReportBody } from "./types";
import { useFailureToast } from "./useFailureToast";

// Reporting a message or the other account of an order (issue 21 point 6): POST /api/reports.

export const fileReport = (json: ReportBody) => call(client.api.reports.$post({ json }));

export function useFileReport(onDone: () => void) {
  const { toast } = useToast();
  const fail = useFailureToast();
  return useMutation({
    mutationFn: fileReport,
    onSuccess: (receipt) => {
      toast({ title: "Report sent", description: receipt.message });
      onDone();
    },
    onError: (error) => fail(error, "Report Failed"),
  });
}
