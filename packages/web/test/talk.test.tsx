import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Conversation, Message, User } from "../src/api/types";
import { INSTALL_DISMISSED_KEY } from "../src/pwa/InstallPrompt";
import { customer, notificationFixture } from "./fixtures";
import { apiError, currentPath, json, pagedAnswer, renderApp, waitForShell } from "./helpers";

const conversation = (over: Partial<Conversation> = {}): Conversation => ({
  jobId: "job-1",
  jobFileName: "knob.stl",
  orderNumber: "PH-10001",
  otherUserId: "o-1",
  otherUserName: "Maria Hernandez",
  printerId: "p-1",
  printerName: "Maria's Prusa",
  role: "customer",
  lastMessage: "Printing it tomorrow!",
  lastMessageAt: new Date().toISOString(),
  unreadCount: 12,
  ...over,
});

const message = (i: number, senderId: string, content: string): Message => ({
  id: `m-${i}`,
  jobId: "job-1",
  content,
  message: content,
  senderId,
  senderType: senderId === customer.id ? "customer" : "printer",
  sender:
    senderId === customer.id
      ? { firstName: "Ada", lastName: "Lovelace", username: "ada" }
      : { firstName: "Maria", lastName: "Hernandez", username: "maria" },
  customerId: customer.id,
  sentAt: new Date(Date.now() - (10 - i) * 60_000).toISOString(),
});

describe("/messages", () => {
  it("lists conversations (name, printer, file, last message, 9+ unread) and shows a thread with own messages on the right, as text", async () => {
    const thread = [message(1, "o-1", "<b>bold?</b> Hello"), message(2, customer.id, "Thanks!")];
    const app = renderApp("/messages", {
      user: customer,
      routes: {
        [`GET /api/users/${customer.id}/conversations`]: () => json([conversation()]),
        "GET /api/jobs/job-1/messages": () => json(thread),
      },
    });
    await waitForShell();
    const item = await screen.findByRole("button", { name: /Maria Hernandez/ });
    expect(item).toHaveTextContent("PH-10001 · knob.stl · Maria's Prusa");
    expect(item).toHaveTextContent("Printing it tomorrow!");
    expect(within(item).getByTestId("conversation-unread")).toHaveTextContent("9+");

    await app.user.click(item);
    await waitFor(() => expect(app.router.state.location.search).toEqual({ job: "job-1" }));
    const list = await screen.findByRole("list", { name: "Messages" });
    expect(within(list).getByText("<b>bold?</b> Hello")).toBeInTheDocument();
    expect(list.querySelector("b")).toBeNull();
    expect(within(list).getByText("Thanks!").closest("li")).toHaveAttribute("data-own", "true");
    expect(within(list).getByText("<b>bold?</b> Hello").closest("li")).not.toHaveAttribute("data-own");
    // The thread's first load is not read out; a message that arrives while it is open is.
    const spoken = () => screen.getAllByRole("status").map((s) => s.textContent ?? "");
    expect(spoken()).not.toContainEqual(expect.stringContaining("New message"));
    thread.push(message(3, "o-1", "It is on its way."));
    expect(await within(list).findByText("It is on its way.", {}, { timeout: 8000 })).toBeInTheDocument();
    expect(spoken()).toContain("New message from Maria Hernandez.");
  });

  it("Enter sends the trimmed text, Shift+Enter breaks the line; Send is disabled while empty", async () => {
    const thread: Message[] = [];
    const app = renderApp("/messages?job=job-1", {
      user: customer,
      routes: {
        [`GET /api/users/${customer.id}/conversations`]: () => json([conversation()]),
        "GET /api/jobs/job-1/messages": () => json(thread),
        "POST /api/jobs/job-1/contact": (body) => {
          thread.push(message(3, customer.id, (body as { message: string }).message));
          return json(thread.at(-1) as Message, 201);
        },
      },
    });
    await waitForShell();
    const box = await screen.findByRole("textbox", { name: "Message" });
    expect(box).toHaveAttribute("rows", "3");
    expect(screen.getByRole("button", { name: "Send" })).toBeDisabled();
    await app.user.type(box, "  first line{Shift>}{Enter}{/Shift}second  ");
    expect(box).toHaveValue("  first line\nsecond  ");
    await app.user.type(box, "{Enter}");
    await waitFor(() => expect(app.calls.some((c) => c.method === "POST")).toBe(true));
    expect(app.calls.find((c) => c.method === "POST")).toMatchObject({
      path: "/api/jobs/job-1/contact",
      body: { message: "first line\nsecond" },
    });
    await waitFor(() => expect(box).toHaveValue(""));
    expect(await within(screen.getByRole("list", { name: "Messages" })).findByText(/first line/)).toBeInTheDocument();
    // Confirmed as the dialogs confirm it (spec 2 §8).
    expect(await screen.findByText("Message Sent")).toBeInTheDocument();
    expect(screen.getByText("Your message has been sent successfully")).toBeInTheDocument();
  });

  it("says No conversation selected when sending without one, and shows the server's refusal as Failed to Send Message", async () => {
    const app = renderApp("/messages", {
      user: customer,
      routes: {
        [`GET /api/users/${customer.id}/conversations`]: () => json([conversation()]),
        "GET /api/jobs/job-1/messages": () => json([]),
        "POST /api/jobs/job-1/contact": () => apiError(404, "We could not find that order.", "order_not_found"),
      },
    });
    await waitForShell();
    const box = await screen.findByRole("textbox", { name: "Message" });
    await app.user.type(box, "hello{Enter}");
    expect(await screen.findByRole("alert")).toHaveTextContent("No conversation selected");

    await app.user.click(await screen.findByRole("button", { name: /Maria Hernandez/ }));
    const threadBox = await screen.findByRole("textbox", { name: "Message" });
    await app.user.type(threadBox, "hello{Enter}");
    expect(await screen.findByText("Failed to Send Message")).toBeInTheDocument();
    expect(screen.getByText("We could not find that order.")).toBeInTheDocument();
  });

  it("on a phone, choosing a conversation takes the reader down to its thread", async () => {
    const wide = { matches: false };
    window.matchMedia = (() => wide) as unknown as typeof window.matchMedia;
    const scrolled: Element[] = [];
    const jsdomScroll = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      const app = renderApp("/messages", {
        user: customer,
        routes: {
          [`GET /api/users/${customer.id}/conversations`]: () =>
            json([conversation(), conversation({ jobId: "job-2", otherUserName: "Sam Lee" })]),
          "GET /api/jobs/job-1/messages": () => json([message(1, "o-1", "Hello")]),
          "GET /api/jobs/job-2/messages": () => json([]),
        },
      });
      await waitForShell();
      await app.user.click(await screen.findByRole("button", { name: /Maria Hernandez/ }));
      const heading = await screen.findByRole("heading", { name: "Maria Hernandez · knob.stl" });
      await waitFor(() => expect(heading).toHaveFocus());
      expect(scrolled).toContain(heading);
      // Side by side, the list keeps the focus.
      wide.matches = true;
      const other = screen.getByRole("button", { name: /Sam Lee/ });
      await app.user.click(other);
      await screen.findByRole("heading", { name: "Sam Lee · knob.stl" });
      expect(other).toHaveFocus();
    } finally {
      Reflect.deleteProperty(window, "matchMedia");
      Element.prototype.scrollIntoView = jsdomScroll;
    }
  });

  it("shows the first page of conversations and the next on Show more conversations (issue 23), still polled", async () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      conversation({
        jobId: `job-${i + 1}`,
        otherUserName: `Person ${i + 1}`,
        lastMessageAt: new Date(Date.now() - i * 60_000).toISOString(),
      }),
    );
    const app = renderApp("/messages", {
      user: customer,
      routes: { [`GET /api/users/${customer.id}/conversations`]: (_, url) => json(pagedAnswer(many, url)) },
    });
    await waitForShell();
    expect(await screen.findByRole("button", { name: /Person 24\b/ })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Person 25\b/ })).not.toBeInTheDocument();
    const asked = app.calls.filter((c) => c.path === `/api/users/${customer.id}/conversations`);
    expect(asked.length).toBeGreaterThan(0);

    await app.user.click(screen.getByRole("button", { name: "Show more conversations" }));
    expect(await screen.findByRole("button", { name: /Person 30\b/ })).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: /Person \d+\b/ })).toHaveLength(30);
    // The last page has no marker: the button goes.
    expect(screen.queryByRole("button", { name: "Show more conversations" })).not.toBeInTheDocument();

    // Still polled with two pages shown: a new conversation shows at the top within seconds, none twice.
    many.unshift(conversation({ jobId: "job-0", otherUserName: "Person 0" }));
    expect(await screen.findByRole("button", { name: /Person 0\b/ }, { timeout: 6000 })).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: /Person \d+\b/ })).toHaveLength(31);
  });

  it("signed out: Please log in to view your messages.", async () => {
    renderApp("/messages");
    await waitForShell();
    expect(screen.getByText("Please log in to view your messages.")).toBeInTheDocument();
  });
});

describe("the bell", () => {
  it("reads the polled unread count, opens a notification's page and marks it read, and marks all read", async () => {
    const list = [
      { ...notificationFixture(1), title: "New message", link: "/messages?job=job-1" },
      notificationFixture(2),
      notificationFixture(3, true),
    ];
    let unread = 2;
    const app = renderApp("/", {
      user: customer,
      notifications: list,
      routes: {
        [`GET /api/users/${customer.id}/notifications/unread-count`]: () => json({ unreadCount: unread }),
        "POST /api/notifications/n-1/read": () => {
          unread = 1;
          return json({ ok: true });
        },
        [`POST /api/users/${customer.id}/notifications/read-all`]: () => {
          unread = 0;
          return json({ ok: true });
        },
        [`GET /api/users/${customer.id}/conversations`]: () => json([]),
        "GET /api/jobs/job-1/messages": () => json([]),
      },
    });
    await waitForShell();
    expect(await screen.findByTestId("notifications-badge")).toHaveTextContent("2");
    await app.user.click(screen.getByRole("button", { name: "Notifications" }));
    await app.user.click(await screen.findByRole("button", { name: /New message/ }));
    await waitFor(() => expect(currentPath(app.router)).toBe("/messages"));
    expect(app.router.state.location.search).toEqual({ job: "job-1" });
    expect(app.calls.some((c) => c.method === "POST" && c.path === "/api/notifications/n-1/read")).toBe(true);
    await waitFor(() => expect(screen.getByTestId("notifications-badge")).toHaveTextContent("1"));

    await app.user.click(screen.getByRole("button", { name: "Notifications" }));
    await app.user.click(await screen.findByRole("button", { name: "Mark all as read" }));
    await waitFor(() => expect(screen.queryByTestId("notifications-badge")).not.toBeInTheDocument());
  });
});

describe("reading a thread", () => {
  it("reads its bell entry and its conversation's count at once, not at their next poll", async () => {
    const notes = [
      {
        ...notificationFixture(1),
        title: "New messages",
        message: "Maria Hernandez wrote 12 new messages about knob.stl (PH-10001).",
        link: "/messages?job=job-1",
      },
    ];
    let read = false;
    const app = renderApp("/messages", {
      user: customer,
      routes: {
        [`GET /api/users/${customer.id}/notifications`]: (_, url) =>
          json(
            pagedAnswer(
              notes.map((n) => ({ ...n, isRead: read })),
              url,
            ),
          ),
        [`GET /api/users/${customer.id}/notifications/unread-count`]: () => json({ unreadCount: read ? 0 : 1 }),
        [`GET /api/users/${customer.id}/conversations`]: () => json([conversation({ unreadCount: read ? 0 : 12 })]),
        // The server marks the thread and its bell entry read as it answers.
        "GET /api/jobs/job-1/messages": () => {
          read = true;
          return json([message(1, "o-1", "Printing it tomorrow!")]);
        },
      },
    });
    await waitForShell();
    expect(await screen.findByTestId("notifications-badge")).toHaveTextContent("1");
    const item = await screen.findByRole("button", { name: /Maria Hernandez/ });
    expect(within(item).getByTestId("conversation-unread")).toHaveTextContent("9+");
    const polls = app.calls.length;
    await app.user.click(item);
    expect(await within(await screen.findByRole("list", { name: "Messages" })).findByText("Printing it tomorrow!")).toBeInTheDocument();
    // Well before the bell's and the list's 3-second polls.
    await waitFor(() => expect(screen.queryByTestId("notifications-badge")).not.toBeInTheDocument(), { timeout: 1000 });
    await waitFor(() => expect(within(item).queryByTestId("conversation-unread")).not.toBeInTheDocument(), { timeout: 1000 });
    await app.user.click(screen.getByRole("button", { name: "Notifications" }));
    expect(await screen.findByRole("button", { name: /New messages/ })).not.toHaveTextContent("Unread");
    expect(app.calls.length).toBeGreaterThan(polls);
  });
});

describe("the bell's list", () => {
  it("is asked again on opening: a thread's one entry changes (more messages) while the unread count stays 1", async () => {
    let count = 3;
    const note = () => ({
      ...notificationFixture(1),
      title: "New messages",
      message: `Maria Hernandez wrote ${count} new messages about knob.stl (PH-10001).`,
      link: "/messages?job=job-1",
    });
    const app = renderApp("/", {
      user: customer,
      routes: {
        [`GET /api/users/${customer.id}/notifications`]: (_, url) => json(pagedAnswer([note()], url)),
        [`GET /api/users/${customer.id}/notifications/unread-count`]: () => json({ unreadCount: 1 }),
      },
    });
    await waitForShell();
    const bellButton = await screen.findByRole("button", { name: "Notifications" });
    await app.user.click(bellButton);
    expect(await screen.findByText(/wrote 3 new messages/)).toBeInTheDocument();
    await app.user.click(bellButton);
    count = 4;
    await app.user.click(bellButton);
    expect(await screen.findByText(/wrote 4 new messages/)).toBeInTheDocument();
  });
});

describe("/profile", () => {
  it("saves only the changed fields with the chosen avatar; the header follows at once; email is read-only", async () => {
    const app = renderApp("/profile", {
      user: customer,
      routes: {
        [`PATCH /api/users/${customer.id}`]: (body) => json({ ...customer, ...(body as Partial<User>) }),
      },
    });
    await waitForShell();
    expect(await screen.findByLabelText("Email")).toHaveAttribute("readonly");
    await app.user.clear(screen.getByLabelText("First name"));
    await app.user.type(screen.getByLabelText("First name"), "Augusta");
    await app.user.click(screen.getByRole("radio", { name: "Owl avatar" }));
    await app.user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Profile Updated")).toBeInTheDocument();
    expect(app.calls.find((c) => c.method === "PATCH")?.body).toEqual({ firstName: "Augusta", profileImageUrl: "/api/avatars/owl.svg" });
    await app.user.click(screen.getByRole("button", { name: "Open profile menu" }));
    expect(await within(await screen.findByRole("menu")).findByText("Augusta Lovelace")).toBeInTheDocument();
  });

  it("a username the server refuses is said under Username, which takes the focus", async () => {
    const app = renderApp("/profile", {
      user: customer,
      routes: {
        [`PATCH /api/users/${customer.id}`]: () =>
          apiError(409, "That username is taken. Please choose another.", "username_taken", "username"),
      },
    });
    await waitForShell();
    const username = await screen.findByLabelText("Username");
    await app.user.clear(username);
    await app.user.type(username, "taken.name");
    await app.user.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(username).toHaveFocus());
    expect(username).toHaveAttribute("aria-invalid", "true");
    expect(username).toHaveAccessibleDescription("That username is taken. Please choose another.");
    // Said once, under the field: the toast keeps its title with the generic text.
    expect(screen.getAllByText("That username is taken. Please choose another.")).toHaveLength(1);
    expect(screen.getByText("Update Failed").closest("[role=alert]")).toHaveTextContent("Failed to update profile");
    await app.user.type(username, "2");
    expect(username).not.toHaveAttribute("aria-invalid");
  });

  it("turns one kind of e-mail off, and shows Update Failed with the server's sentence", async () => {
    let fail = false;
    const app = renderApp("/profile", {
      user: customer,
      routes: {
        [`PATCH /api/users/${customer.id}`]: (body) =>
          fail
            ? apiError(409, "That username is taken.", "username_taken")
            : json({
                ...customer,
                emailPreferences: { ...customer.emailPreferences, ...(body as Pick<User, "emailPreferences">).emailPreferences },
              }),
      },
    });
    await waitForShell();
    const messages = await screen.findByRole("switch", { name: /Messages I have not read/ });
    expect(messages).toBeChecked();
    await app.user.click(messages);
    await waitFor(() => expect(screen.getByRole("switch", { name: /Messages I have not read/ })).not.toBeChecked());
    expect(app.calls.find((c) => c.method === "PATCH")?.body).toEqual({
      emailPreferences: { orderConfirmation: true, orderUpdates: true, newOrders: true, messages: false },
    });

    fail = true;
    await app.user.clear(screen.getByLabelText("Username"));
    await app.user.type(screen.getByLabelText("Username"), "taken");
    await app.user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Update Failed")).toBeInTheDocument();
    expect(screen.getByText("That username is taken.")).toBeInTheDocument();
  });
});

describe("install prompt and offline notice", () => {
  function offerInstall() {
    const event = new Event("beforeinstallprompt", { cancelable: true });
    let prompted = 0;
    Object.assign(event, { prompt: async () => void prompted++, userChoice: Promise.resolve({ outcome: "accepted" }) });
    act(() => {
      window.dispatchEvent(event);
    });
    return { event, prompted: () => prompted };
  }

  it("appears when the browser offers installation; Install asks the browser; Not now is remembered", async () => {
    const app = renderApp("/");
    await waitForShell();
    const offer = offerInstall();
    expect(offer.event.defaultPrevented).toBe(true);
    await app.user.click(await screen.findByRole("button", { name: "Install" }));
    await waitFor(() => expect(offer.prompted()).toBe(1));
    expect(screen.queryByRole("button", { name: "Install" })).not.toBeInTheDocument();

    offerInstall();
    await app.user.click(await screen.findByRole("button", { name: "Not now" }));
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).toBe("1");
    offerInstall();
    expect(screen.queryByRole("button", { name: "Install" })).not.toBeInTheDocument();
  });

  it("says plainly when the browser is offline", async () => {
    renderApp("/");
    await waitForShell();
    expect(screen.queryByText("You are offline.")).not.toBeInTheDocument();
    Object.defineProperty(navigator, "onLine", { value: false, configurable: true });
    act(() => {
      fireEvent(window, new Event("offline"));
    });
    expect(await screen.findByText("You are offline.")).toBeInTheDocument();
    Object.defineProperty(navigator, "onLine", { value: true, configurable: true });
    act(() => {
      fireEvent(window, new Event("online"));
    });
    await waitFor(() => expect(screen.queryByText("You are offline.")).not.toBeInTheDocument());
  });
});
