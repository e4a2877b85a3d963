import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { Navigate, useNavigate } from "@tanstack/react-router";
import { useState, type FormEvent } from "react";
import { failureDescription, useLogin, useRegister } from "../auth/mutations";
import { useAuth } from "../auth/useAuth";
import { LogoMark } from "../components/Logo";
import { TextField } from "../components/TextField";
import { useToast } from "../components/Toasts";

const submitClass =
  "w-full rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white shadow-sm transition hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60";

const tabClass =
  "flex-1 rounded-lg px-4 py-2 text-sm font-semibold text-slate-600 transition focus:outline-none data-focus:ring-2 data-focus:ring-brand-300 data-hover:text-slate-900 data-selected:bg-white data-selected:text-brand-700 data-selected:shadow";

function SignInForm() {
  const { toast } = useToast();
  const navigate = useNavigate();
  const login = useLogin();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim() || !password) {
      toast({ title: "Missing Information", description: "Please fill in all fields", variant: "destructive" });
      return;
    }
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: () => {
          toast({ title: "Welcome back!", description: "You have been successfully logged in." });
          void navigate({ to: "/dashboard" });
        },
        onError: (error) => {
          toast({
            title: "Login Failed",
            description: failureDescription(error, "Login failed", "Please check your credentials"),
            variant: "destructive",
          });
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Sign in">
      <TextField
        id="signin-email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <TextField
        id="signin-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <button type="submit" disabled={login.isPending} className={submitClass}>
        {login.isPending ? "Signing In..." : "Sign In"}
      </button>
    </form>
  );
}

function SignUpForm() {
  const { toast } = useToast();
  const navigate = useNavigate();
  const register = useRegister();
  const [username, setUsername] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!username.trim() || !email.trim() || !password) {
      toast({ title: "Missing Information", description: "Please fill in all required fields", variant: "destructive" });
      return;
    }
    register.mutate(
      { username: username.trim(), email: email.trim(), password },
      {
        onSuccess: () => {
          toast({
            title: "Account Created!",
            description: "Welcome to Printhood. You can now start using the platform.",
          });
          void navigate({ to: "/dashboard" });
        },
        onError: (error) => {
          toast({
            title: "Registration Failed",
            description: failureDescription(error, "Registration failed", "Please try again"),
            variant: "destructive",
          });
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Sign up">
      <TextField
        id="signup-username"
        label="Username"
        autoComplete="username"
        required
        value={username}
        onChange={(e) => setUsername(e.target.value)}
      />
      <TextField
        id="signup-email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <TextField
        id="signup-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
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

  if (user) return <Navigate to="/dashboard" replace />;

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
            onChange={(index) =>
              void navigate({ to: "/auth", search: index === 1 ? { tab: "register" } : {}, replace: true })
            }
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
