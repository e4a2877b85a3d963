import { Link } from "@tanstack/react-router";
import { useOnline } from "../pwa/useOnline";

export interface SignInPromptProps {
  /** Heading; null on screens whose spec gives only a message (the message is then the heading). */
  title?: string | null;
  message?: string;
}

/**
 * The sign-in screen shown to signed-out visitors on signed-in routes. Without a connection the
 * session cannot be known (nor can anyone sign in), so it says that instead of "please sign in".
 */
export function SignInPrompt({ title = "Sign In Required", message = "Please sign in to view this page." }: SignInPromptProps) {
  const online = useOnline();
  if (!online)
    return (
      <section className="mx-auto flex max-w-md flex-col items-center px-4 py-24 text-center">
        <h1 className="text-2xl font-bold text-slate-900">This page needs a connection</h1>
        <p className="mt-2 text-slate-600">Your account, orders and messages load as soon as you are back online.</p>
      </section>
    );
  return (
    <section className="mx-auto flex max-w-md flex-col items-center px-4 py-24 text-center">
      <div aria-hidden="true" className="mb-6 flex h-14 w-14 items-center justify-center rounded-full bg-brand-100 text-brand-700">
        <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="h-7 w-7">
          <rect x="5" y="11" width="14" height="9" rx="2" />
          <path d="M8 11V8a4 4 0 1 1 8 0v3" strokeLinecap="round" />
        </svg>
      </div>
      {title ? (
        <>
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          <p className="mt-2 text-slate-600">{message}</p>
        </>
      ) : (
        <h1 className="text-xl font-semibold text-slate-900">{message}</h1>
      )}
      <Link
        to="/auth"
        className="mt-6 inline-flex items-center rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700"
      >
        Sign In
      </Link>
    </section>
  );
}
