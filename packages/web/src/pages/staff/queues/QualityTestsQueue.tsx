import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { QueuedVerification } from "../../../api/types";
import { useDecideVerification, verificationQueueQuery } from "../../../api/verification";
import { ResultsTable } from "../../../components/verification/ResultsTable";
import { dateTimeText } from "../../../lib/orders";
import { cardClass, primaryButton, secondaryButton } from "../../../lib/styles";
import { Loading } from "../Loading";
import { ReasonDialog } from "../ReasonDialog";
import { EmptyQueue } from "./EmptyQueue";

/**
 * Quality tests waiting for review, oldest first (issue 21 point 1; GET /api/staff/verifications):
 * each attempt's measurements dimension by dimension against the tolerance, and its photos; staff
 * approve it (the printer is listed) or ask for a new attempt saying what to change. Either way the
 * owner is e-mailed the note and the decision goes to the audit log.
 */
export function Queue() {
  const queue = useQuery(verificationQueueQuery);
  if (queue.isPending) return <Loading what="quality tests" />;
  if (queue.isError) return <p role="alert">The quality tests could not be loaded. {queue.error.message}</p>;
  if (!queue.data.length) return <EmptyQueue>No quality tests are waiting for review.</EmptyQueue>;
  return (
    <ul className="space-y-4" aria-label="Quality tests waiting for review">
      {queue.data.map((q) => (
        <li key={q.verification.id}>
          <AttemptCard queued={q} />
        </li>
      ))}
    </ul>
  );
}

type Deciding = "approve" | "retry" | null;

function AttemptCard({ queued: q }: { queued: QueuedVerification }) {
  const [deciding, setDeciding] = useState<Deciding>(null);
  const decide = useDecideVerification();
  const v = q.verification;
  const name = q.printer?.name ?? "A printer that no longer exists";
  return (
    <article className={cardClass} aria-label={`Quality test of ${name}, attempt ${v.attempt}`}>
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-lg font-semibold text-slate-900">
          {name}
          {q.printer?.number ? ` (#${q.printer.number})` : ""}: attempt {v.attempt}
        </h3>
        <p className="text-sm text-slate-600">Sent {dateTimeText(v.submittedAt)}</p>
      </header>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-700">Printer</dt>
        <dd>{q.printer ? `${q.printer.model}, ${q.printer.location}` : "—"}</dd>
        <dt className="font-medium text-slate-700">Owner</dt>
        <dd>{q.owner ? `${q.owner.name} (${q.owner.email})` : "an account that no longer exists"}</dd>
      </dl>
      <div className="mt-4">
        <ResultsTable verification={v} caption="Measurements" />
      </div>
      <h4 className="mt-4 text-sm font-semibold text-slate-900">Photos</h4>
      <ul className="mt-2 flex flex-wrap gap-3" aria-label={`Photos of ${name}'s test piece`}>
        {q.photos.map((p, i) =>
          p.image && p.thumbnail ? (
            <li key={p.id}>
              <a
                href={p.image.url}
                target="_blank"
                rel="noreferrer"
                className="block rounded-lg focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <img
                  src={p.thumbnail.url}
                  width={p.thumbnail.width}
                  height={p.thumbnail.height}
                  alt={`${name}'s test piece, view ${i + 1} of ${q.photos.length} (opens full size)`}
                  className="h-32 w-auto rounded-lg border border-slate-200 object-cover"
                />
              </a>
            </li>
          ) : null,
        )}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className={primaryButton} onClick={() => setDeciding("approve")}>
          Approve
        </button>
        <button type="button" className={secondaryButton} onClick={() => setDeciding("retry")}>
          Ask for a new attempt
        </button>
      </div>
      {deciding ? (
        <ReasonDialog
          open
          onClose={() => setDeciding(null)}
          title={deciding === "approve" ? `Approve ${name}` : `Ask for a new attempt: ${name}`}
          description={
            deciding === "approve"
              ? "The printer is listed and takes orders at once; the owner is e-mailed with your note."
              : "The owner is e-mailed your note: say what to change before printing the test piece again."
          }
          reasonLabel="Note to the owner"
          submitText={deciding === "approve" ? "Approve" : "Ask for a new attempt"}
          busy={decide.isPending}
          onSubmit={(note) => decide.mutate({ id: v.id, body: { decision: deciding, note } }, { onSuccess: () => setDeciding(null) })}
        />
      ) : null}
    </article>
  );
}
