import { useState } from "react";
import { useSuspension } from "../../api/staff";
import { secondaryButton } from "../../lib/styles";
import { ReasonDialog } from "./ReasonDialog";

const WHAT_HAPPENS = {
  user: "They are signed out and cannot sign in; their printers leave the lists; their open orders not yet printed are cancelled with the money given back, and both sides are told.",
  printer:
    "It leaves the lists, the finder and checkout (its owner still sees it); its open orders not yet printed are cancelled with the money given back, and both sides are told.",
};

/** Suspend, or lift the suspension of, an account or a printer: a button and its reason dialog. */
export function SuspendButton(p: { kind: "user" | "printer"; id: string; label: string; suspended: boolean }) {
  const [open, setOpen] = useState(false);
  const suspension = useSuspension(p.kind);
  const noun = p.kind === "user" ? "account" : "printer";
  const action = p.suspended ? "Lift suspension" : `Suspend ${noun}`;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={`${secondaryButton} text-sm`} aria-label={`${action}: ${p.label}`}>
        {action}
      </button>
      {open ? (
        <ReasonDialog
          open={open}
          onClose={() => setOpen(false)}
          title={p.suspended ? `Lift the suspension of ${p.label}` : `Suspend ${p.label}`}
          description={p.suspended ? "They can use Printhood again. Cancelled orders stay cancelled." : WHAT_HAPPENS[p.kind]}
          reasonLabel="Reason"
          submitText={action}
          busy={suspension.isPending}
          onSubmit={(reason) =>
            suspension.mutate({ id: p.id, body: { suspended: !p.suspended, reason } }, { onSuccess: () => setOpen(false) })
          }
        />
      ) : null}
    </>
  );
}
