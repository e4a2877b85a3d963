import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp, waitForShell } from "./helpers";

async function openContact(path = "/contact") {
  const app = renderApp(path);
  await waitForShell();
  return app;
}

describe("Contact & Support", () => {
  it("every field is required", async () => {
    const { user } = await openContact();
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(screen.getByText("Name is required")).toBeInTheDocument();
    expect(screen.getByText("Email is required")).toBeInTheDocument();
    expect(screen.getByText("Subject is required")).toBeInTheDocument();
    expect(screen.getByText("Message is required")).toBeInTheDocument();
    expect(screen.getByLabelText("Name")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Name")).toHaveFocus();
    expect(screen.queryByText("Message Sent")).not.toBeInTheDocument();
  });

  it("rejects an invalid email address", async () => {
    const { user } = await openContact();
    await user.type(screen.getByLabelText("Name"), "Ada");
    await user.type(screen.getByLabelText("Email"), "not-an-email");
    await user.type(screen.getByLabelText("Subject"), "Order question");
    await user.type(screen.getByLabelText("Message"), "Where is my print?");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(screen.getByText("Please enter a valid email address")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("Please enter a valid email address");
    expect(screen.queryByText("Message Sent")).not.toBeInTheDocument();
  });

  it("a valid message shows the toast, clears the form and makes no call", async () => {
    const { user, calls } = await openContact("/help");
    const before = calls.length;
    await user.type(screen.getByLabelText("Name"), "Ada");
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Subject"), "Order question");
    await user.type(screen.getByLabelText("Message"), "Where is my print?");
    await user.click(screen.getByRole("button", { name: "Send Message" }));

    expect(await screen.findByText("Message Sent")).toBeInTheDocument();
    expect(screen.getByText("Thank you for contacting us. We'll get back to you within 24 hours.")).toBeInTheDocument();
    for (const label of ["Name", "Email", "Subject", "Message"]) expect(screen.getByLabelText(label)).toHaveValue("");
    expect(calls.length).toBe(before);
  });

  it("shows the support details, tips, topics and resources", async () => {
    await openContact();
    const aside = screen.getByRole("complementary");
    expect(within(aside).getByRole("link", { name: "support@printhood.app" })).toBeInTheDocument();
    expect(within(aside).getByText("(970) 555-0142")).toBeInTheDocument();
    expect(within(aside).getByText("Northern Colorado")).toBeInTheDocument();
    expect(within(aside).getByText("Mon-Fri 9AM-6PM MST")).toBeInTheDocument();
    expect(within(aside).getByRole("heading", { name: "Quick Help" })).toBeInTheDocument();
    for (const title of ["Documentation", "Community", "FAQ"]) {
      expect(within(aside).getByRole("heading", { name: title })).toBeInTheDocument();
    }
  });
});
