import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { User } from "../src/api/types";
import { customer, notificationFixture as notification } from "./fixtures";
import { apiError, currentPath, renderApp, waitForShell } from "./helpers";

describe("header", () => {
  it("signed out: public links, Sign In and Get Started, no account controls", async () => {
    renderApp("/");
    await waitForShell();
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "How It Works" })).toHaveAttribute("href", "/how-it-works");
    expect(within(nav).getByRole("link", { name: "Pricing" })).toHaveAttribute("href", "/pricing");
    expect(within(nav).getByRole("link", { name: "Browse Printers" })).toHaveAttribute("href", "/browse");
    expect(within(nav).getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");
    expect(within(nav).getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/auth?tab=register");
    expect(within(nav).queryByRole("link", { name: "My Printers" })).not.toBeInTheDocument();
    expect(within(nav).queryByRole("button", { name: "Notifications" })).not.toBeInTheDocument();
    expect(within(nav).queryByRole("button", { name: "Open profile menu" })).not.toBeInTheDocument();
  });

  it("signed in: account buttons, bell and profile menu, no Sign In", async () => {
    renderApp("/", { user: customer });
    await waitForShell();
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "My Printers" })).toHaveAttribute("href", "/printer-dashboard");
    expect(within(nav).getByRole("link", { name: "Messages" })).toHaveAttribute("href", "/messages");
    expect(within(nav).getByRole("link", { name: "My Orders" })).toHaveAttribute("href", "/dashboard");
    expect(within(nav).getByRole("link", { name: "Upload Design" })).toHaveAttribute("href", "/upload");
    expect(within(nav).getByRole("button", { name: "Notifications" })).toBeInTheDocument();
    expect(within(nav).getByRole("button", { name: "Open profile menu" })).toBeInTheDocument();
    expect(within(nav).queryByRole("link", { name: "Sign In" })).not.toBeInTheDocument();
    expect(within(nav).queryByRole("link", { name: "Get Started" })).not.toBeInTheDocument();
  });

  it("highlights the active route's link", async () => {
    renderApp("/pricing");
    await waitForShell();
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Pricing" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "How It Works" })).not.toHaveAttribute("aria-current");
  });

  it("the menu button reveals the same links on small screens", async () => {
    const { user } = renderApp("/", { user: customer });
    await waitForShell();
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getAllByRole("link", { name: "Upload Design" })).toHaveLength(1);
    const menuButton = within(nav).getByRole("button", { name: "Open menu" });
    expect(menuButton).toHaveAttribute("aria-expanded", "false");
    await user.click(menuButton);
    expect(menuButton).toHaveAttribute("aria-expanded", "true");
    for (const name of ["How It Works", "Pricing", "Browse Printers", "My Printers", "Messages", "My Orders", "Upload Design"]) {
      expect(within(nav).getAllByRole("link", { name })).toHaveLength(2);
    }
  });
});

describe("profile menu", () => {
  async function openMenu(user: User) {
    const app = renderApp("/", { user });
    await waitForShell();
    await app.user.click(screen.getByRole("button", { name: "Open profile menu" }));
    return { ...app, menu: await screen.findByRole("menu") };
  }

  it("shows name, email and links; no Printer Dashboard for a customer", async () => {
    const { menu } = await openMenu(customer);
    expect(within(menu).getByText("Ada Lovelace")).toBeInTheDocument();
    expect(within(menu).getByText("ada@example.com")).toBeInTheDocument();
    expect(within(menu).getByRole("menuitem", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
    expect(within(menu).getByRole("menuitem", { name: "Profile Settings" })).toHaveAttribute("href", "/profile");
    expect(within(menu).getByRole("menuitem", { name: "Sign Out" })).toBeInTheDocument();
    expect(within(menu).queryByRole("menuitem", { name: "Printer Dashboard" })).not.toBeInTheDocument();
  });

  it.each(["printer_owner", "both"] as const)("shows Printer Dashboard for %s", async (userType) => {
    const { menu } = await openMenu({ ...customer, userType });
    expect(within(menu).getByRole("menuitem", { name: "Printer Dashboard" })).toHaveAttribute("href", "/printer-dashboard");
  });

  it("shows initials in the avatar when there is no profile image", async () => {
    renderApp("/", { user: { ...customer, firstName: null, lastName: "Hopper", username: "grace" } });
    await waitForShell();
    const button = screen.getByRole("button", { name: "Open profile menu" });
    expect(within(button).getByTestId("avatar-initials")).toHaveTextContent("GH");
  });

  it("Sign Out posts to /api/logout, clears storage and the user, and goes to /", async () => {
    localStorage.setItem("draft", "x");
    sessionStorage.setItem("tab", "y");
    const { menu, user, calls, router } = await openMenu(customer);
    await router.navigate({ to: "/pricing" });
    await user.click(within(menu).getByRole("menuitem", { name: "Sign Out" }));
    await waitFor(() => expect(currentPath(router)).toBe("/"));
    expect(calls.some((c) => c.method === "POST" && c.path === "/api/logout")).toBe(true);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(await screen.findByRole("link", { name: "Sign In" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Open profile menu" })).not.toBeInTheDocument();
  });

  it("still signs out locally when the logout call fails", async () => {
    vitestSilenceConsole();
    const app = renderApp("/", { user: customer, routes: { "POST /api/logout": () => apiError(500, "Internal error") } });
    await waitForShell();
    await app.user.click(screen.getByRole("button", { name: "Open profile menu" }));
    await app.user.click(await screen.findByRole("menuitem", { name: "Sign Out" }));
    expect(await screen.findByRole("link", { name: "Sign In" })).toBeInTheDocument();
    expect(currentPath(app.router)).toBe("/");
  });
});

describe("notifications bell", () => {
  it("caps the unread badge at 9+", async () => {
    const many = Array.from({ length: 12 }, (_, i) => notification(i));
    renderApp("/", { user: customer, notifications: many });
    await waitForShell();
    expect(await screen.findByTestId("notifications-badge")).toHaveTextContent("9+");
  });

  it("shows the exact count up to 9 and no badge when all are read", async () => {
    const { unmount } = renderApp("/", {
      user: customer,
      notifications: [notification(1), notification(2), notification(3, true)],
    });
    await waitForShell();
    expect(await screen.findByTestId("notifications-badge")).toHaveTextContent("2");
    unmount();
    renderApp("/", { user: customer, notifications: [notification(1, true)] });
    await waitForShell();
    await waitFor(() => expect(screen.getByRole("button", { name: "Notifications" })).toBeInTheDocument());
    expect(screen.queryByTestId("notifications-badge")).not.toBeInTheDocument();
  });

  it("reads GET /api/users/{id}/notifications and says No notifications when empty", async () => {
    const { user, calls } = renderApp("/", { user: customer, notifications: [] });
    await waitForShell();
    await user.click(screen.getByRole("button", { name: "Notifications" }));
    expect(await screen.findByText("No notifications")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Notifications" })).toBeInTheDocument();
    expect(calls.some((c) => c.path === "/api/users/u-1/notifications")).toBe(true);
  });

  it("lists the first 5 notifications with unread ones highlighted", async () => {
    const list = [notification(1), notification(2, true), notification(3), notification(4), notification(5), notification(6)];
    const { user } = renderApp("/", { user: customer, notifications: list });
    await waitForShell();
    await user.click(screen.getByRole("button", { name: "Notifications" }));
    expect(await screen.findByText("Message 1")).toBeInTheDocument();
    expect(screen.getByText("Notice 5")).toBeInTheDocument();
    expect(screen.queryByText("Notice 6")).not.toBeInTheDocument();
    expect(screen.getByText("Notice 1").closest("li")).toHaveAttribute("data-unread", "true");
    expect(screen.getByText("Notice 2").closest("li")).not.toHaveAttribute("data-unread");
    expect(screen.getByText("Notice 1").closest("li")?.querySelector("time")).toHaveTextContent("1 min ago");
  });

  it("shows 5 more notifications on Show more notifications, until the last page (issue 23)", async () => {
    const list = Array.from({ length: 7 }, (_, i) => notification(i + 1, true));
    const { user, calls } = renderApp("/", { user: customer, notifications: list });
    await waitForShell();
    await user.click(screen.getByRole("button", { name: "Notifications" }));
    expect(await screen.findByText("Notice 5")).toBeInTheDocument();
    expect(screen.queryByText("Notice 6")).not.toBeInTheDocument();
    // Opening the bell asks for its first page again (a thread's one entry can change with the count unchanged);
    // Show more then asks for the next page only, not the whole list again.
    const listCalls = () => calls.filter((c) => c.path === "/api/users/u-1/notifications").length;
    await waitFor(() => expect(listCalls()).toBe(2)); // the header's first read, and the bell's opening
    const opened = listCalls();
    await user.click(screen.getByRole("button", { name: "Show more notifications" }));
    expect(await screen.findByText("Notice 7")).toBeInTheDocument();
    expect(screen.getByText("Notice 6")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Show more notifications" })).not.toBeInTheDocument();
    expect(listCalls()).toBe(opened + 1);
  });
});

function vitestSilenceConsole() {
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
}
