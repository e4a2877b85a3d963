import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Avatar } from "../src/components/Avatar";
import { displayName, initialsFor } from "../src/lib/initials";

describe("avatar initials", () => {
  it.each([
    [{ firstName: "Ada", lastName: "Lovelace", username: "ada", email: "ada@example.com" }, "AL"],
    [{ firstName: "ada", lastName: null, username: "x", email: "x@example.com" }, "A"],
    [{ firstName: null, lastName: "Lovelace", username: "countess", email: "c@example.com" }, "CL"],
    [{ firstName: "  ", lastName: null, username: "", email: "zed@example.com" }, "Z"],
    [{ firstName: null, lastName: null, username: "", email: "" }, "U"],
    [{}, "U"],
  ])("%o gives %s", (user, expected) => {
    expect(initialsFor(user)).toBe(expected);
  });

  it("shows the profile image when there is one", () => {
    render(<Avatar user={{ firstName: "Ada", lastName: "Lovelace", profileImageUrl: "/img/ada.png" }} />);
    expect(screen.getByTestId("avatar-image")).toHaveAttribute("src", "/img/ada.png");
    expect(screen.queryByTestId("avatar-initials")).not.toBeInTheDocument();
  });

  it("falls back to initials without an image, and to U without any name", () => {
    const { rerender } = render(<Avatar user={{ firstName: "Grace", lastName: "Hopper", profileImageUrl: null }} />);
    expect(screen.getByTestId("avatar-initials")).toHaveTextContent("GH");
    rerender(<Avatar user={{ profileImageUrl: "" }} />);
    expect(screen.getByTestId("avatar-initials")).toHaveTextContent("U");
  });

  it("displays the full name, else the username", () => {
    expect(displayName({ firstName: "Ada", lastName: "Lovelace", username: "ada" })).toBe("Ada Lovelace");
    expect(displayName({ firstName: null, lastName: null, username: "ada" })).toBe("ada");
  });
});
