import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { PASSWORD_HINT } from "@printhood/core/shared/passwords";
import type { UseMutationResult } from "@tanstack/react-query";
import { Navigate, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { CODE_ASKED, useLogin, useRegister } from "../api/auth";
import { ApiError } from "../api/client";
import type { User } from "../api/types";
import { useAuth } from "../auth/useAuth";
import { LogoMark } from "../components/Logo";
import { TextField } from "../components/TextField";
import { useToast } from "../components/Toasts";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { useFieldErrors } from "../lib/useFieldErrors";

const submitClass =
  "w-full rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white shadow-sm transition hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60";

const tabClass =
  "flex-1 rounded-lg px-4 py-2 text-sm font-semibold text-slate-600 transition focus:outline-none data-focus:ring-2 data-focus:ring-brand-300 data-hover:text-slate-900 data-selected:bg-white data-selected:text-brand-700 data-selected:shadow";

/**
 * Both tabs behave alike (spec 1 §5, §8): a missing field is a destructive "Missing
 * Information" toast and no call; the mutation toasts its success or failure, and success goes
 * to /dashboard. `input` is null when a required field is empty. The fields also say what is wrong
 * under themselves (useFieldErrors): the toast goes away, the message under the field stays (and
 * is not repeated in the toast, which then gives its generic text: SIGN_IN_FIELDS, SIGN_UP_FIELDS).
 */
function useAccountSubmit<I>(mutation: UseMutationResult<User, Error, I>, missing: string) {
  const { toast } = useToast();
  const navigate = useNavigate();
  return (input: I | null) => {
    if (!input) {
      toast({ title: "Missing Information", description: missing, variant: "destructive" });
      return;
    }
    // Staff land in their console (issue 21); everyone else on their dashboard.
    mutation.mutate(input, { onSuccess: (user) => void navigate({ to: user.isStaff ? "/staff" : "/dashboard" }) });
  };
}

/** Email and password, the same two fields on both tabs. */
function CredentialFields(p: {
  idPrefix: string;
  passwordAutoComplete: "current-password" | "new-password";
  email: string;
  setEmail: (v: string) => void;
  password: string;
  setPassword: (v: string) => void;
  /** Sign-up's hint: what a new password must be (the server's rule, shared/passwords.ts). */
  passwordHint?: string;
  /** The message under each field, when it is in error (useFieldErrors). */
  errorOf: (field: "email" | "password") => string | undefined;
}) {
  return (
    <>
      <TextField
        id={`${p.idPrefix}-email`}
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={p.email}
        onChange={(e) => p.setEmail(e.target.value)}
        error={p.errorOf("email")}
      />
      <TextField
        id={`${p.idPrefix}-password`}
        label="Password"
        type="password"
        autoComplete={p.passwordAutoComplete}
        required
        value={p.password}
        onChange={(e) => p.setPassword(e.target.value)}
        hint={p.passwordHint}
        error={p.errorOf("password")}
      />
    </>
  );
}

/** Each form's inputs are `{form}-{field}` (useFieldErrors focuses the first in error). */
const signInId = (field: string) => `signin-${field}`;
const signUpId = (field: string) => `signup-${field}`;
/** The fields each form says the server's refusal under (its toast then does not repeat the sentence). */
const SIGN_IN_FIELDS = ["email", "password", "totp"] as const;
const SIGN_UP_FIELDS = ["username", "email", "password"] as const;

/** The server's answers that mean "this is a staff account: it needs its authenticator code" (issue 21). */
const NEEDS_CODE = new Set<string>(["totp_required", "totp_invalid"]);

function SignInForm() {
  const login = useLogin(SIGN_IN_FIELDS);
  const submit = useAccountSubmit(login, "Please fill in all fields");
  const errors = useFieldErrors(signInId, login.error, login.reset);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [totp, setTotp] = useState("");
  // Shown once the server asks for it (a staff account). Being asked is the next step, not a failure:
  // the server's sentence is the field's guidance, with no failure toast; a wrong code is the
  // field's error (said under it once, the toast generic).
  const needsCode = login.error instanceof ApiError && NEEDS_CODE.has(login.error.code);
  const codeAsked = login.error instanceof ApiError && login.error.code === CODE_ASKED ? login.error.message : null;
  const [askedForCode, setAskedForCode] = useState(false);
  if (needsCode && !askedForCode) setAskedForCode(true);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = totp.replace(/\s+/g, "");
    const filled = errors.requireFilled([
      { field: "email", label: "Email", value: email },
      { field: "password", label: "Password", value: password },
    ]);
    submit(filled ? { email: email.trim(), password, ...(askedForCode && code ? { totp: code } : {}) } : null);
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Sign in">
      <CredentialFields
        idPrefix="signin"
        passwordAutoComplete="current-password"
        email={email}
        setEmail={(v) => {
          setEmail(v);
          errors.edited("email");
        }}
        password={password}
        setPassword={(v) => {
          setPassword(v);
          errors.edited("password");
        }}
        errorOf={errors.errorOf}
      />
      {askedForCode ? (
        <TextField
          id="signin-totp"
          label="Authenticator code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={7}
          required
          autoFocus
          value={totp}
          onChange={(e) => {
            setTotp(e.target.value);
            errors.edited("totp");
          }}
          hint={codeAsked ?? "Staff accounts also need the 6-digit code your authenticator app shows."}
          error={codeAsked ? undefined : errors.errorOf("totp")}
        />
      ) : null}
      <button type="submit" disabled={login.isPending} className={submitClass}>
        {login.isPending ? "Signing In..." : "Sign In"}
      </button>
    </form>
  );
}

function SignUpForm() {
  const register = useRegister(SIGN_UP_FIELDS);
  const submit = useAccountSubmit(register, "Please fill in all required fields");
  const errors = useFieldErrors(signUpId, register.error, register.reset);
  const [username, setUsername] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const filled = errors.requireFilled([
      { field: "username", label: "Username", value: username },
      { field: "email", label: "Email", value: email },
      { field: "password", label: "Password", value: password },
    ]);
    submit(filled ? { username: username.trim(), email: email.trim(), password } : null);
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Sign up">
      <TextField
        id="signup-username"
        label="Username"
        autoComplete="username"
        required
        value={username}
        onChange={(e) => {
          setUsername(e.target.value);
          errors.edited("username");
        }}
        error={errors.errorOf("username")}
      />
      <CredentialFields
        idPrefix="signup"
        passwordAutoComplete="new-password"
        passwordHint={PASSWORD_HINT}
        email={email}
        setEmail={(v) => {
          setEmail(v);
          errors.edited("email");
        }}
        password={password}
        setPassword={(v) => {
          setPassword(v);
          errors.edited("password");
        }}
        errorOf={errors.errorOf}
      />
      <button type="submit" disabled={register.isPending} className={submitClass}>
        {register.isPending ? "Creating Account..." : "Create Account"}
      </button>
    </form>
  );
}

export function AuthPage({ tab }: { tab: string | undefined }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const selectedIndex = tab === "register" || tab === "signup" ? 1 : 0;
  useDocumentTitle(selectedIndex === 1 ? "Sign Up" : "Sign In");

  if (user) return <Navigate to={user.isStaff ? "/staff" : "/dashboard"} replace />;

  return (
    <section className="flex justify-center bg-gradient-to-br from-brand-50 via-white to-teal-50 px-4 py-16">
      <div className="w-full max-w-md">
        <div className="mb-8 text-center">
          <LogoMark className="mx-auto h-12 w-12" />
          <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">Welcome to Printhood</h1>
          <p className="mt-2 text-slate-600">Create. Connect. Print.</p>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-lg sm:p-8">
          <TabGroup
            selectedIndex={selectedIndex}
            onChange={(index) => void navigate({ to: "/auth", search: index === 1 ? { tab: "register" } : {}, replace: true })}
          >
            <TabList className="flex gap-1 rounded-xl bg-slate-100 p-1">
              <Tab className={tabClass}>Sign In</Tab>
              <Tab className={tabClass}>Sign Up</Tab>
            </TabList>
            <TabPanels className="mt-6">
              <TabPanel>
                <SignInForm />
              </TabPanel>
              <TabPanel>
                <SignUpForm />
              </TabPanel>
            </TabPanels>
          </TabGroup>
        </div>
      </div>
    </section>
  );
}
