import { ERRORS } from "@printhood/core/shared/errors";
import { PASSWORD_HINT, PASSWORD_MIN_LENGTH } from "@printhood/core/shared/passwords";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { customer } from "./fixtures";
import { apiError, currentPath, deferred, json, renderApp, waitForShell } from "./helpers";

async function openAuth(path: string, routes = {}) {
  const app = renderApp(path, { routes });
  await waitForShell();
  return app;
}

describe("/auth", () => {
  it("opens Sign In by default", async () => {
    await openAuth("/auth");
    expect(screen.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByLabelText("Email")).toHaveAttribute("type", "email");
    expect(screen.getByLabelText("Email")).toBeRequired();
    expect(screen.getByLabelText("Password")).toBeRequired();
    expect(screen.queryByLabelText("Username")).not.toBeInTheDocument();
    // Sign In checks an existing password: no rules shown there.
    expect(screen.getByLabelText("Password")).not.toHaveAccessibleDescription();
  });

  it.each(["register", "signup"])("tab=%s opens Sign Up", async (tab) => {
    await openAuth(`/auth?tab=${tab}`);
    expect(screen.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByLabelText("Username")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toBeInTheDocument();
    expect(screen.getByLabelText("Password")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Create Account" })).toBeInTheDocument();
    // What a new password must be, from the server's rule, read with the field.
    expect(screen.getByLabelText("Password")).toHaveAccessibleDescription(PASSWORD_HINT);
    expect(PASSWORD_HINT).toBe(`At least ${PASSWORD_MIN_LENGTH} characters, and not a common password.`);
  });

  it("switching tabs updates the address", async () => {
    const { user, router } = await openAuth("/auth");
    await user.click(screen.getByRole("tab", { name: "Sign Up" }));
    expect(await screen.findByLabelText("Username")).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ tab: "register" });
  });

  it("Sign In with missing fields shows the Missing Information toast and makes no call", async () => {
    const { user, calls } = await openAuth("/auth");
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Missing Information")).toBeInTheDocument();
    expect(screen.getByText("Please fill in all fields")).toBeInTheDocument();
    expect(screen.getByText("Missing Information").closest("[role=alert]")).toHaveAttribute("data-variant", "destructive");
    expect(calls.some((c) => c.path === "/api/login")).toBe(false);
  });

  it("Sign Up with missing fields asks for all required fields", async () => {
    const { user, calls } = await openAuth("/auth?tab=register");
    await user.type(screen.getByLabelText("Username"), "ada");
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("Missing Information")).toBeInTheDocument();
    expect(screen.getByText("Please fill in all required fields")).toBeInTheDocument();
    expect(calls.some((c) => c.path === "/api/register")).toBe(false);
    // Each empty field says so under itself (the toast goes away), and the first takes the focus.
    expect(screen.getByLabelText("Username")).not.toHaveAttribute("aria-invalid");
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("Email is required.");
    expect(screen.getByLabelText("Password")).toHaveAccessibleDescription(`${PASSWORD_HINT} Password is required.`);
    expect(screen.getByLabelText("Email")).toHaveFocus();
    await user.type(screen.getByLabelText("Email"), "a");
    expect(screen.getByLabelText("Email")).not.toHaveAttribute("aria-invalid");
  });

  it("Sign Up shows the server's refusal of a field under that field and moves the focus there", async () => {
    const { user } = await openAuth("/auth?tab=register", {
      "POST /api/register": () => apiError(400, ERRORS.password_too_common.message as string, "password_too_common", "password"),
    });
    await user.type(screen.getByLabelText("Username"), "ada");
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "password1234");
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("Registration Failed")).toBeInTheDocument();
    const password = screen.getByLabelText("Password");
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveAttribute("aria-invalid", "true");
    expect(password).toHaveAccessibleDescription(`${PASSWORD_HINT} ${ERRORS.password_too_common.message}`);
    // The sentence is on the page once, under the field; the toast keeps the spec's title and its generic text.
    expect(screen.getAllByText(ERRORS.password_too_common.message as string)).toHaveLength(1);
    expect(screen.getByText("Registration Failed").closest("[role=alert]")).toHaveTextContent("Please try again");
    expect(screen.getByLabelText("Email")).not.toHaveAttribute("aria-invalid");
    await user.type(password, "x");
    expect(password).not.toHaveAttribute("aria-invalid");
  });

  it("disables the button and reads Signing In... while pending, then goes to /dashboard", async () => {
    const answer = deferred<Response>();
    const { user, router, calls } = await openAuth("/auth", { "POST /api/login": () => answer.promise });
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "correct horse");
    await user.click(screen.getByRole("button", { name: "Sign In" }));

    const pending = await screen.findByRole("button", { name: "Signing In..." });
    expect(pending).toBeDisabled();
    expect(calls.find((c) => c.path === "/api/login")?.body).toEqual({ email: "ada@example.com", password: "correct horse" });

    answer.resolve(json(customer));
    expect(await screen.findByText("Welcome back!")).toBeInTheDocument();
    expect(screen.getByText("You have been successfully logged in.")).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe("/dashboard"));
    expect(await screen.findByRole("heading", { name: "Welcome back, Ada!" })).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Open profile menu" })).toBeInTheDocument();
  });

  it("shows Login Failed with the server's message", async () => {
    const { user, router } = await openAuth("/auth", {
      "POST /api/login": () => apiError(401, "Invalid email or password.", "invalid_credentials"),
    });
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "wrong");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Login Failed")).toBeInTheDocument();
    expect(screen.getByText("Invalid email or password.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sign In" })).toBeEnabled();
    expect(currentPath(router)).toBe("/auth");
  });

  it("asks a staff account for its code as the next step, not a failure; a wrong code is said under the code field", async () => {
    let answer = () => apiError(401, ERRORS.totp_required.message as string, "totp_required", "totp");
    const { user, router, calls } = await openAuth("/auth", { "POST /api/login": () => answer() });
    await user.type(screen.getByLabelText("Email"), "staff@example.com");
    await user.type(screen.getByLabelText("Password"), "correct horse");
    await user.click(screen.getByRole("button", { name: "Sign In" }));

    const code = await screen.findByLabelText("Authenticator code");
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAccessibleDescription(ERRORS.totp_required.message as string);
    expect(code).not.toHaveAttribute("aria-invalid");
    // Being asked for the code is no failed sign-in: no "Login Failed" toast (it stayed beside "Welcome back!").
    expect(screen.queryByText("Login Failed")).toBeNull();

    answer = () => apiError(401, ERRORS.totp_invalid.message as string, "totp_invalid", "totp");
    await user.type(code, "000000");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Login Failed")).toBeInTheDocument();
    expect(code).toHaveAttribute("aria-invalid", "true");
    expect(screen.getAllByText(ERRORS.totp_invalid.message as string)).toHaveLength(1);
    expect(screen.getByText("Login Failed").closest("[role=alert]")).toHaveTextContent("Please check your credentials");
    expect(calls.filter((c) => c.path === "/api/login").at(-1)?.body).toEqual({
      email: "staff@example.com",
      password: "correct horse",
      totp: "000000",
    });
    expect(currentPath(router)).toBe("/auth");
  });

  it("shows the request's reference in the failure toast, for support to find its log lines", async () => {
    const { user } = await openAuth("/auth", {
      "POST /api/login": () =>
        new Response(JSON.stringify({ message: ERRORS.internal.message, code: "internal" }), {
          status: 500,
          headers: { "content-type": "application/json", "x-request-id": "Ab3dEfGhIAMEVxQ=" },
        }),
    });
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "secret-pass");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    // A failure is announced at once: an alert, not a polite status.
    const toast = (await screen.findByText("Login Failed")).closest("[role=alert]");
    expect(toast).toHaveTextContent(ERRORS.internal.message);
    expect(toast).toHaveTextContent("Reference: Ab3dEfGhIAMEVxQ=");
  });

  it("shows no reference when the answer carries none", async () => {
    const { user } = await openAuth("/auth", {
      "POST /api/login": () => apiError(401, "Invalid email or password.", "invalid_credentials"),
    });
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "wrong");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Login Failed")).toBeInTheDocument();
    expect(screen.queryByText(/Reference:/)).not.toBeInTheDocument();
  });

  it("shows Registration Failed with the server's message", async () => {
    const { user } = await openAuth("/auth?tab=signup", {
      "POST /api/register": () => apiError(409, ERRORS.account_taken.message, "account_taken"),
    });
    await user.type(screen.getByLabelText("Username"), "ada");
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "a long secret pass");
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("Registration Failed")).toBeInTheDocument();
    expect(screen.getByText(ERRORS.account_taken.message)).toBeInTheDocument();
  });

  it("creates an account, shows Account Created! and goes to /dashboard", async () => {
    const answer = deferred<Response>();
    const { user, router, calls } = await openAuth("/auth?tab=register", { "POST /api/register": () => answer.promise });
    await user.type(screen.getByLabelText("Username"), "ada");
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "a long secret pass");
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByRole("button", { name: "Creating Account..." })).toBeDisabled();
    expect(calls.find((c) => c.path === "/api/register")?.body).toEqual({
      username: "ada",
      email: "ada@example.com",
      password: "a long secret pass",
    });
    answer.resolve(json({ ...customer, firstName: null, lastName: null }, 201));
    expect(await screen.findByText("Account Created!")).toBeInTheDocument();
    expect(screen.getByText("Welcome to Printhood. You can now start using the platform.")).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe("/dashboard"));
    expect(await screen.findByRole("heading", { name: "Welcome back, ada!" })).toBeInTheDocument();
  });

  it("sends a signed-in visitor to /dashboard", async () => {
    const { router } = renderApp("/auth", { user: customer });
    await waitForShell();
    await waitFor(() => expect(currentPath(router)).toBe("/dashboard"));
  });
});
