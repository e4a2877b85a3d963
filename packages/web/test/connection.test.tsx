import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { customer, stats } from "./fixtures";
import { json, renderApp } from "./helpers";

/** The API's answers as a switch: while `down`, every call fails as fetch does with no network. */
function flakyNetwork() {
  const net = { down: true };
  const failing = (answer: () => Response) => async () => {
    if (net.down) throw new TypeError("Failed to fetch");
    return answer();
  };
  return { net, failing };
}

describe("the connection notice when the API cannot be reached (issue 10)", () => {
  it("says Printhood cannot be reached, shows a signed-in page as needing a connection (not as signed out), and recovers on Try again", async () => {
    const { net, failing } = flakyNetwork();
    const r = renderApp("/orders", {
      user: customer,
      routes: {
        "GET /api/auth/user": failing(() => json(customer)),
        "GET /api/stats": failing(() => json(stats)),
        [`GET /api/users/${customer.id}/jobs`]: failing(() => json([])),
      },
    });
    const notice = await screen.findByRole("status", { name: "Connection" });
    expect(notice).toHaveTextContent("Printhood cannot be reached.");
    expect(await screen.findByRole("heading", { name: "This page needs a connection" })).toBeInTheDocument();
    expect(screen.queryByText("Please sign in to view this page.")).toBeNull();

    net.down = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(screen.queryByRole("status", { name: "Connection" })).toBeNull());
    expect(await screen.findByText("No Orders Yet")).toBeInTheDocument();
    expect(r.calls.filter((c) => c.path === "/api/auth/user").length).toBeGreaterThanOrEqual(2);
  });

  it("reads the session again when the browser comes back online", async () => {
    const { net, failing } = flakyNetwork();
    renderApp("/orders", {
      user: customer,
      routes: {
        "GET /api/auth/user": failing(() => json(customer)),
        [`GET /api/users/${customer.id}/jobs`]: failing(() => json([])),
      },
    });
    expect(await screen.findByRole("heading", { name: "This page needs a connection" })).toBeInTheDocument();
    net.down = false;
    fireEvent(window, new Event("online"));
    expect(await screen.findByText("No Orders Yet")).toBeInTheDocument();
    expect(screen.queryByRole("status", { name: "Connection" })).toBeNull();
  });
});
