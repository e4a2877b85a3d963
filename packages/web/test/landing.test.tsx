import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { stats } from "./fixtures";
import { apiError, deferred, json, malformed, renderApp, waitForShell } from "./helpers";

describe("landing page", () => {
  it("shows loading placeholders, then the live statistics from GET /api/stats", async () => {
    const answer = deferred<Response>();
    renderApp("/", { routes: { "GET /api/stats": () => answer.promise } });
    await waitForShell();

    const loading = screen.getByRole("region", { name: "Live statistics" });
    expect(loading).toHaveAttribute("aria-busy", "true");
    expect(within(loading).getAllByTestId("stat-placeholder")).toHaveLength(4);
    expect(screen.queryByText("Printers Nearby")).not.toBeInTheDocument();

    answer.resolve(json(stats));
    const strip = await screen.findByRole("region", { name: "Live statistics" });
    await waitFor(() => expect(strip).not.toHaveAttribute("aria-busy"));
    const value = (label: string) => within(strip).getByText(label).parentElement?.querySelector("dd");
    expect(value("Printers Nearby")).toHaveTextContent("12");
    expect(value("Prints This Month")).toHaveTextContent("345");
    expect(value("Total Printers")).toHaveTextContent("27");
    expect(value("Orders Completed")).toHaveTextContent("1,024");
    expect(screen.queryByTestId("stat-placeholder")).not.toBeInTheDocument();
  });

  it.each([
    ["fails", () => apiError(500, "Internal error")],
    ["returns no data", () => malformed(null)],
  ])("renders nothing for the statistics when the call %s", async (_case, handler) => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderApp("/", { routes: { "GET /api/stats": handler } });
    await waitForShell();
    await waitFor(() => expect(screen.queryByTestId("stat-placeholder")).not.toBeInTheDocument());
    expect(screen.queryByRole("region", { name: "Live statistics" })).not.toBeInTheDocument();
    expect(screen.queryByText("Printers Nearby")).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1 })).toBeInTheDocument();
  });

  it("has the hero, value cards, trust section and calls to action", async () => {
    renderApp("/");
    await waitForShell();
    const main = screen.getByRole("main");
    expect(within(main).getByText("Create. Connect. Print.")).toBeInTheDocument();
    expect(within(main).getByText(/Berthoud, Loveland, Fort Collins/)).toBeInTheDocument();
    expect(within(main).getByRole("link", { name: "Find a Printer" })).toHaveAttribute("href", "/browse");
    expect(within(main).getByRole("link", { name: "List Your Printer" })).toHaveAttribute("href", "/auth");
    expect(within(main).getByRole("link", { name: "See How It Works" })).toHaveAttribute("href", "/how-it-works");
    expect(within(main).getByRole("link", { name: "Browse Printers" })).toHaveAttribute("href", "/browse");
    expect(within(main).getByRole("link", { name: "Join as Printer Owner" })).toHaveAttribute("href", "/auth");
    for (const title of ["Transparent Pricing", "Quality Assured", "Fast & Local"]) {
      expect(within(main).getByRole("heading", { name: title })).toBeInTheDocument();
    }
    expect(within(main).getByText(/pass print quality tests/)).toBeInTheDocument();
    expect(within(main).getByText(/money-back guarantee/)).toBeInTheDocument();
  });

  it("has the footer's links, contact details and Northern Colorado statement", async () => {
    renderApp("/");
    await waitForShell();
    const footer = screen.getByRole("contentinfo");
    const links: [string, string][] = [
      ["How It Works", "/how-it-works"],
      ["Pricing Calculator", "/pricing"],
      ["Browse Printers", "/browse"],
      ["Find Printers", "/printers"],
      ["Help Center", "/help"],
      ["Contact Us", "/contact"],
      ["FAQ", "/faq"],
      ["Terms of Service", "/terms"],
    ];
    for (const [name, href] of links) expect(within(footer).getByRole("link", { name })).toHaveAttribute("href", href);
    expect(within(footer).getByRole("link", { name: "support@printhood.app" })).toHaveAttribute("href", "mailto:support@printhood.app");
    expect(within(footer).getByText("(970) 555-0142")).toBeInTheDocument();
    expect(within(footer).getByText("Live Chat Available")).toBeInTheDocument();
    expect(within(footer).getByText("Proudly serving Northern Colorado: Berthoud, Loveland and Fort Collins")).toBeInTheDocument();
  });
});
