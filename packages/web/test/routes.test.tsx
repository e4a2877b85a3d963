import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { customer } from "./fixtures";
import { currentPath, customerDashboardRoutes, deferred, json, renderApp, waitForShell } from "./helpers";

describe("routes", () => {
  it("draws a public page at once, with no account controls until the session is known", async () => {
    const answer = deferred<Response>();
    renderApp("/", { routes: { "GET /api/auth/user": () => answer.promise } });
    expect(await screen.findByRole("heading", { level: 1, name: /Local 3D printing/ })).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Sign In" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Open profile menu" })).not.toBeInTheDocument();
    answer.resolve(json(customer));
    await waitForShell();
    expect(screen.getByRole("button", { name: "Open profile menu" })).toBeInTheDocument();
  });

  it("draws a signed-in screen only once the session is known", async () => {
    const answer = deferred<Response>();
    renderApp("/dashboard", { routes: { "GET /api/auth/user": () => answer.promise } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText("Please sign in to view your dashboard.")).not.toBeInTheDocument();
    answer.resolve(json(null));
    expect(await screen.findByText("Please sign in to view your dashboard.")).toBeInTheDocument();
  });

  it("treats a failed session check as signed out", async () => {
    renderApp("/", { routes: { "GET /api/auth/user": () => Promise.reject(new TypeError("Failed to fetch")) } });
    const originalError = console.error;
    console.error = () => {};
    try {
      await waitForShell();
      expect(screen.getByRole("link", { name: "Sign In" })).toBeInTheDocument();
    } finally {
      console.error = originalError;
    }
  });

  it.each([
    ["/dashboard", "Please sign in to view your dashboard."],
    ["/messages", "Please log in to view your messages."],
    ["/printer-dashboard", "Please sign in to access your printer dashboard."],
  ])("signed-out visitor on %s sees %s with a link to /auth", async (path, message) => {
    renderApp(path);
    await waitForShell();
    const main = screen.getByRole("main");
    expect(within(main).getByRole("heading", { name: message })).toBeInTheDocument();
    expect(within(main).getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");
  });

  it("signed-out visitor on /upload sees Sign In Required with the upload text", async () => {
    renderApp("/upload");
    await waitForShell();
    const main = screen.getByRole("main");
    expect(within(main).getByRole("heading", { name: "Sign In Required" })).toBeInTheDocument();
    expect(within(main).getByText("Please sign in to upload your 3D designs.")).toBeInTheDocument();
    expect(within(main).getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");
  });

  it.each([
    "/add-printer",
    "/printer-tracking",
    "/order/42",
    "/checkout",
    "/profile",
    "/orders",
    "/order-confirmation",
    "/choose-printer",
    "/submit-print",
    "/saved-prints",
  ])("signed-out visitor on %s sees Sign In Required", async (path) => {
    renderApp(path);
    await waitForShell();
    const main = screen.getByRole("main");
    expect(within(main).getByRole("heading", { name: "Sign In Required" })).toBeInTheDocument();
    expect(within(main).getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");
  });

  it.each([
    ["/printer-dashboard", "Printer Owner Dashboard"],
    ["/add-printer", "Add Your 3D Printer"],
    ["/printer-tracking", "Printer Tracking"],
    // an order the API does not know (the stub answers 404), and the order screens without an order (spec 2 §2)
    ["/order/42", "Order Not Found"],
    ["/checkout", "Invalid Checkout"],
    ["/profile", "Profile Settings"],
    ["/messages", "Messages"],
    ["/orders", "My Print Orders"],
    ["/order-confirmation", "Order Not Found"],
    ["/upload", "Upload Your Design"],
    ["/choose-printer", "Choose a Printer"],
    // without printerId and draftId the submit page redirects to /upload (spec 1 §2)
    ["/submit-print", "Upload Your Design"],
    ["/saved-prints", "Saved Prints"],
  ])("signed-in user on %s sees %s", async (path, heading) => {
    renderApp(path, { user: customer });
    await waitForShell();
    expect(within(screen.getByRole("main")).getByRole("heading", { level: 1, name: heading })).toBeInTheDocument();
  });

  it("the dashboard greets by first name with empty stat cards and Your Print Jobs", async () => {
    renderApp("/dashboard", {
      user: customer,
      routes: { ...customerDashboardRoutes(customer.id, []), [`GET /api/users/${customer.id}/drafts`]: () => json([]) },
    });
    await waitForShell();
    const main = screen.getByRole("main");
    expect(within(main).getByRole("heading", { name: "Welcome back, Ada!" })).toBeInTheDocument();
    await screen.findByRole("tab", { name: "Active Orders (0)" });
    const cards: [string, string][] = [
      ["Total Orders", "0"],
      ["Active", "0"],
      ["Completed", "0"],
      ["Total Spent", "$0.00"],
    ];
    for (const [label, value] of cards) {
      expect(within(main).getByText(label).parentElement?.parentElement).toHaveTextContent(value);
    }
    expect(within(main).getByRole("heading", { name: "Your Print Jobs" })).toBeInTheDocument();
  });

  it("/my-orders redirects to /dashboard", async () => {
    const { router } = renderApp("/my-orders", { user: customer });
    await waitForShell();
    await waitFor(() => expect(currentPath(router)).toBe("/dashboard"));
    expect(await screen.findByRole("heading", { name: "Welcome back, Ada!" })).toBeInTheDocument();
  });

  it("/my-orders redirects signed-out visitors too", async () => {
    const { router } = renderApp("/my-orders");
    await waitForShell();
    await waitFor(() => expect(currentPath(router)).toBe("/dashboard"));
    expect(await screen.findByRole("heading", { name: "Please sign in to view your dashboard." })).toBeInTheDocument();
  });

  it("shows the 404 page for an unknown path", async () => {
    renderApp("/no/such/page");
    await waitForShell();
    const main = screen.getByRole("main");
    expect(within(main).getByRole("heading", { name: "404" })).toBeInTheDocument();
    expect(within(main).getByRole("heading", { name: "Page Not Found" })).toBeInTheDocument();
    expect(within(main).getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
  });

  it.each([
    ["/how-it-works", "How It Works"],
    ["/pricing", "Transparent Pricing"],
    ["/browse", "Find 3D Printers Near You"],
    ["/printers", "Find Local 3D Printers"],
    ["/faq", "Frequently Asked Questions"],
    ["/terms", "Terms of Service"],
    ["/contact", "Contact & Support"],
    ["/help", "Contact & Support"],
  ])("public page %s shows %s", async (path, heading) => {
    renderApp(path);
    await waitForShell();
    expect(within(screen.getByRole("main")).getByRole("heading", { level: 1, name: heading })).toBeInTheDocument();
  });

  it("How It Works has four steps and calls to action to /upload and /printers", async () => {
    renderApp("/how-it-works");
    await waitForShell();
    const main = screen.getByRole("main");
    expect(within(main).getAllByRole("listitem")).toHaveLength(4);
    expect(within(main).getByRole("link", { name: "Upload Your Design" })).toHaveAttribute("href", "/upload");
    expect(within(main).getByRole("link", { name: "Find Printers" })).toHaveAttribute("href", "/printers");
  });
});

describe("the tab's title (WCAG 2.4.2)", () => {
  it("names the page, and the landing page keeps the site's", async () => {
    const { router } = renderApp("/how-it-works");
    await waitFor(() => expect(document.title).toBe("How It Works · Printhood"));
    router.history.push("/no-such-page");
    await waitFor(() => expect(document.title).toBe("Page Not Found · Printhood"));
    await router.navigate({ to: "/" });
    await waitFor(() => expect(document.title).not.toMatch(/Page Not Found/));
  });
});
