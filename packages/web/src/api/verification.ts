import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { useToast } from "../components/Toasts";
import { byId, call, client } from "./client";
import { queryKeys } from "./keys";
import { retryExcept404 } from "./retry";
import { useStaffAction } from "./staff";
import type { VerificationBody, VerificationDecisionBody } from "./types";
import { useFailureToast } from "./useFailureToast";

// The quality test (issue 21 point 1): GET /api/quality-test (the test piece), GET and POST
// /api/printers/{id}/verification (an owner's printer's attempts), and staff's queue and decisions
// (GET /api/staff/verifications, POST /api/staff/verifications/{id}).

export const fetchQualityTest = () => call(client.api["quality-test"].$get());
export const fetchPrinterVerification = (printerId: string) => call(client.api.printers[":id"].verification.$get(byId(printerId)));
export const sendVerification = (printerId: string, json: VerificationBody) =>
  call(client.api.printers[":id"].verification.$post({ ...byId(printerId), json }));
export const fetchVerificationQueue = () => call(client.api.staff.verifications.$get());
export const decideVerification = (id: string, json: VerificationDecisionBody) =>
  call(client.api.staff.verifications[":id"].$post({ ...byId(id), json }));

/** The test piece never changes while the site runs: read once. */
export function qualityTestQuery() {
  return queryOptions({ queryKey: queryKeys.qualityTest.piece, queryFn: fetchQualityTest, staleTime: Number.POSITIVE_INFINITY });
}

export function printerVerificationQuery(printerId: string) {
  return queryOptions({
    queryKey: queryKeys.qualityTest.ofPrinter(printerId),
    queryFn: () => fetchPrinterVerification(printerId),
    retry: retryExcept404(0),
  });
}

/** Sends an attempt; the answer (the printer under review, the attempt judged) replaces the screen's copy. */
export function useSendVerification(printerId: string) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const fail = useFailureToast();
  return useMutation({
    mutationFn: (body: VerificationBody) => sendVerification(printerId, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.qualityTest.ofPrinter(printerId), answer);
      toast({ title: "Quality test sent", description: "We will e-mail you when our team has reviewed it." });
      return queryClient.invalidateQueries({ queryKey: queryKeys.printers.all });
    },
    onError: (e) => fail(e, "Could not send the quality test", { serverOnly: true }),
  });
}

/** Staff's queue of quality tests waiting for review, oldest first. */
export const verificationQueueQuery = queryOptions({ queryKey: queryKeys.staff.verifications, queryFn: fetchVerificationQueue });

/** Staff approve an attempt or ask for a new one; the owner is e-mailed, the audit log written (the server's). */
export function useDecideVerification() {
  return useStaffAction(({ id, body }: { id: string; body: VerificationDecisionBody }) => decideVerification(id, body), {
    done: (_r, { body }) =>
      body.decision === "approve"
        ? "The printer is verified; its owner is e-mailed."
        : "The owner is asked for a new attempt, with your note.",
    failed: "Could not decide this quality test",
  });
}
