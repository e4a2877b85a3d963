import { useMutation, useQueryClient } from "@tanstack/react-query";
import { statusLabel } from "../components/JobStatusBadge";
import { useToast } from "../components/Toasts";
import { saveBlob } from "../lib/saveFile";
import { ApiError, byId, call, client, failureText, referenceOf } from "./client";
import { queryKeys } from "./keys";
import type { OrderFile, OrderStepBody, RespondBody } from "./types";
import { useFailureToast } from "./useFailureToast";

// The printer owner's moves on an order (spec 2 §2, §7; DECISIONS.md "Orders"):
// POST /api/print-jobs/{id}/respond, PUT /api/print-jobs/{id} {status, carrier?, trackingNumber?},
// GET /api/print-jobs/{id}/download. Which moves a screen offers is core's lifecycle table (movesFor).

// ---- fetch functions (the only code that knows paths and payload shapes)

export const respondToOrder = (id: string, json: RespondBody) => call(client.api["print-jobs"][":id"].respond.$post({ ...byId(id), json }));
export const stepOrder = (id: string, json: OrderStepBody) => call(client.api["print-jobs"][":id"].$put({ ...byId(id), json }));
/** Part `part` (from 1) of the order, or `all` of them in one zip; the first when absent (as before projects). */
export const fetchOrderFile = (id: string, part?: number | "all") =>
  call(client.api["print-jobs"][":id"].download.$get({ ...byId(id), query: part === undefined ? {} : { part: String(part) } }));

/** The text a failed file fetch shows (spec 2 §8). */
export const DOWNLOAD_NETWORK_ERROR = "Network error occurred while downloading file";

/**
 * Download 3D File: asks for the order's 5-minute link, fetches the file and saves it under the
 * order's file name (the link is another origin's: S3 in AWS, s3rver locally, both with CORS).
 */
export async function downloadOrderFile(id: string, part?: number | "all"): Promise<OrderFile> {
  const file = await fetchOrderFile(id, part);
  let res: Response;
  try {
    res = await fetch(file.url);
  } catch {
    throw new ApiError(0, DOWNLOAD_NETWORK_ERROR, "network_error");
  }
  if (!res.ok) throw new ApiError(res.status, `${res.status}: ${res.statusText}`, "http_error");
  saveBlob(await res.blob(), file.fileName);
  return file;
}

// ---- mutations: each owns its invalidations and its toasts

/**
 * What an owner's move changes: the order itself, the owner's lists and queues (under
 * `printers`), and the earnings (accepting makes them pending, handing over available).
 */
function useRefreshAfterMove() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.printJobs.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.printers.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.payouts.all }),
    ]);
}

/** Accept or Reject with an optional message: the server's sentence in a toast; "Failed to respond" otherwise. */
export function useRespondToOrder(orderId: string) {
  const { toast } = useToast();
  const fail = useFailureToast();
  const refresh = useRefreshAfterMove();
  return useMutation({
    mutationFn: (body: RespondBody) => respondToOrder(orderId, body),
    onSuccess: (answer, { action }) => {
      toast({ title: action === "accept" ? "Order Accepted" : "Order Rejected", description: answer.message });
      return refresh();
    },
    onError: (e) => fail(e, "Failed to respond", { fallback: "Failed to respond" }),
  });
}

/** Start Printing, Mark Complete, Ready for Pickup/Shipping, Mark Picked Up, Mark Shipped: "Status updated" or "Failed to update status". */
export function useOrderStep(orderId: string) {
  const { toast } = useToast();
  const fail = useFailureToast();
  const refresh = useRefreshAfterMove();
  return useMutation({
    mutationFn: (body: OrderStepBody) => stepOrder(orderId, body),
    onSuccess: (order) => {
      toast({
        title: "Status updated",
        description: `${order.orderNumber ?? order.fileName} is now ${statusLabel(order.status, order.deliveryMethod)}.`,
      });
      return refresh();
    },
    onError: (e) => fail(e, "Failed to update status", { fallback: "Failed to update status" }),
  });
}

/** Download 3D File: saved under the order's file name; "Download Failed" with the server's message otherwise. */
export function useDownloadOrderFile(orderId: string) {
  const { toast } = useToast();
  return useMutation({
    /** Without a part, the first (the spec's Download 3D File); a number, that part; "all", the zip of every part. */
    mutationFn: (part?: number | "all") => downloadOrderFile(orderId, part),
    onError: (e) =>
      toast({
        title: "Download Failed",
        description:
          e instanceof ApiError && e.code === "network_error"
            ? DOWNLOAD_NETWORK_ERROR
            : failureText(e, "Failed to download file", { serverOnly: true }),
        variant: "destructive",
        reference: referenceOf(e),
      }),
  });
}
