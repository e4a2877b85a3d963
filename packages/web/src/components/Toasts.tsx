import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  /** A failed request's reference (`x-request-id`), shown as "Reference: …" for support to find it. */
  reference?: string | undefined;
}

interface Toast extends ToastInput {
  id: number;
}

type ShowToast = (toast: ToastInput) => void;

const ToastContext = createContext<ShowToast | null>(null);

/** How long a toast stays, counted only while the pointer and the focus are elsewhere (WCAG 2.2.1). */
export const TOAST_DURATION_MS = 5000;
/** A failure stays longer: it carries what to do next and a reference to read out to support. */
export const FAILURE_TOAST_DURATION_MS = 10_000;
const MAX_TOASTS = 3;

export function useToast(): { toast: ShowToast } {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error("useToast must be used inside <ToastProvider>");
  return { toast };
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const destructive = toast.variant === "destructive";
  // Hovered or holding the focus (its Dismiss button), the toast waits: the time to read it starts
  // again when the pointer and the focus leave.
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => onDismiss(toast.id), destructive ? FAILURE_TOAST_DURATION_MS : TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast.id, onDismiss, paused, destructive]);

  return (
    // A toast is a new element, not new words in a live region already on the page: screen readers
    // reliably read an inserted role=alert (assertive), so a failure is an alert; news stays a status.
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only hold the timer; nothing is done on them
    <div
      role={destructive ? "alert" : "status"}
      aria-live={destructive ? "assertive" : "polite"}
      aria-atomic="true"
      data-variant={toast.variant ?? "default"}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-xl border p-4 shadow-lg animate-fade-in ${
        destructive ? "border-red-200 bg-red-600 text-white" : "border-slate-200 bg-white text-slate-900"
      }`}
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? <p className={`mt-1 text-sm ${destructive ? "text-white" : "text-slate-600"}`}>{toast.description}</p> : null}
        {toast.reference ? (
          <p className={`mt-1 break-all font-mono text-xs ${destructive ? "text-white" : "text-slate-600"}`}>
            Reference: {toast.reference}
          </p>
        ) : null}
      </div>
      <button
        type="button"
        onClick={() => onDismiss(toast.id)}
        aria-label="Dismiss notification"
        className={`rounded p-1 ${destructive ? "hover:bg-red-500" : "text-slate-500 hover:bg-slate-100"}`}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4">
          <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
    </div>
  );
}

/** Holds the toasts and renders them in a fixed corner. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((t) => t.id !== id));
  }, []);

  const show = useCallback<ShowToast>((input) => {
    const id = nextId.current++;
    setToasts((current) => [...current, { ...input, id }].slice(-MAX_TOASTS));
  }, []);

  const value = useMemo(() => show, [show]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      <section
        aria-label="Status messages"
        className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex flex-col gap-2 p-4 sm:inset-x-auto sm:right-0 sm:w-96"
      >
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} onDismiss={dismiss} />
        ))}
      </section>
    </ToastContext.Provider>
  );
}
