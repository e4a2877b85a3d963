import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FAILURE_TOAST_DURATION_MS, TOAST_DURATION_MS, type ToastInput, ToastProvider, useToast } from "../src/components/Toasts";

function Trigger({ input }: { input: ToastInput }) {
  const { toast } = useToast();
  return (
    <button type="button" onClick={() => toast(input)}>
      Show
    </button>
  );
}

const show = (input: ToastInput) => {
  render(
    <ToastProvider>
      <Trigger input={input} />
    </ToastProvider>,
  );
  fireEvent.click(screen.getByRole("button", { name: "Show" }));
};
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe("toasts give people the time to read them (WCAG 2.2.1)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("news goes after 5 s, a failure after 10 s, read out as an alert", () => {
    show({ title: "Update Failed", description: "Something went wrong.", variant: "destructive", reference: "ref-1" });
    expect(screen.getByRole("alert")).toHaveTextContent("Update Failed");
    wait(TOAST_DURATION_MS + 100);
    expect(screen.getByRole("alert")).toBeInTheDocument();
    wait(FAILURE_TOAST_DURATION_MS - TOAST_DURATION_MS);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("waits while the pointer is on it, and counts again when it leaves", () => {
    show({ title: "Profile Updated" });
    const toast = screen.getByRole("status");
    fireEvent.mouseEnter(toast);
    wait(TOAST_DURATION_MS * 4);
    expect(screen.getByRole("status")).toHaveTextContent("Profile Updated");
    fireEvent.mouseLeave(toast);
    wait(TOAST_DURATION_MS - 100);
    expect(screen.getByRole("status")).toBeInTheDocument();
    wait(200);
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("waits while its Dismiss button has the focus, and Dismiss closes it", () => {
    show({ title: "Login Failed", variant: "destructive" });
    const dismiss = screen.getByRole("button", { name: "Dismiss notification" });
    act(() => dismiss.focus());
    wait(FAILURE_TOAST_DURATION_MS * 3);
    expect(screen.getByRole("alert")).toBeInTheDocument();
    fireEvent.click(dismiss);
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
