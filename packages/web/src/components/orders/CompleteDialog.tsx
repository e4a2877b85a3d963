import { ERRORS } from "@printhood/core/shared/errors";
import { type FormEvent, useId, useState } from "react";
import { useOrderStep } from "../../api/owner-orders";
import type { OwnerJob } from "../../api/types";
import { DialogButtons, FormError } from "../DialogForm";
import { PhotoUploader } from "../photos/PhotoUploader";
import { Modal } from "../printers/dashboard/Modal";

/**
 * Mark Complete (issue 21 point 3): at least one photo of the finished part goes with it
 * (`PUT /api/print-jobs/{id}` `{status: "completed", photoIds}`). The customer sees the photos on the
 * order and in the e-mail, and they are the owner's evidence if a claim is opened. Loaded when first
 * opened (OwnerOrderActions), as the photo field is only needed here.
 */
export function CompleteDialog({ order, onClose }: { order: Pick<OwnerJob, "id" | "orderNumber" | "fileName">; onClose: () => void }) {
  const step = useOrderStep(order.id);
  const [photoIds, setPhotoIds] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (photoIds.length === 0) {
      setError(ERRORS.completion_photos_required.message);
      return;
    }
    setError(null);
    step.mutate({ status: "completed", photoIds }, { onSuccess: onClose });
  };
  return (
    <Modal open onClose={onClose} title="Mark Complete" description={`${order.orderNumber ?? "Order"} · ${order.fileName}`}>
      <form onSubmit={submit} noValidate aria-describedby={error ? `${id}-error` : undefined}>
        <p className="text-sm text-slate-700">
          Add at least one photo of the finished part before you mark it complete. The customer sees it on the order and in the e-mail, and
          it protects you if there is a claim.
        </p>
        <div className="mt-4">
          <PhotoUploader
            purpose="completion"
            min={1}
            label="Photos of the finished part"
            hint="Show the whole part in good light, and any detail the customer asked about."
            onChange={(ids) => {
              setPhotoIds(ids);
              if (ids.length) setError(null);
            }}
            onBusyChange={setBusy}
          />
        </div>
        <FormError id={`${id}-error`} error={error} />
        <DialogButtons onCancel={onClose} busy={busy} pending={step.isPending} action="Mark Complete" />
      </form>
    </Modal>
  );
}
