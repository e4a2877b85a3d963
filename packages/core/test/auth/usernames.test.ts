import { describe, expect, it } from "vitest";
import { registerInput, usernameField } from "../../src/auth/schemas.ts";
import { updateProfileInput } from "../../src/users/profile-schemas.ts";

// A username is what the other person reads beside a message or a review: nobody may pass for staff.
describe("usernames", () => {
  it.each([
    ["staff", false],
    ["Staff", false],
    ["ad.min", false],
    ["s_u-p.port", false],
    ["printhood", false],
    ["PrintHood_Help", false],
    ["the-printhood-team", false],
    ["jordan_staff", true],
    ["staffordshire", true],
    ["maria_prints", true],
    ["casey", true],
  ])("%s is allowed: %s", (name, allowed) => {
    expect(usernameField.safeParse(name).success).toBe(allowed);
  });

  it("sign-up and Profile refuse a reserved name in words", () => {
    const signUp = registerInput.safeParse({ username: "support", email: "a@example.com", password: "a long secret pass" });
    expect(signUp.success).toBe(false);
    expect(signUp.error?.issues[0]?.message).toBe("That username is kept for Printhood's own team. Please choose another.");
    expect(updateProfileInput.safeParse({ username: "Printhood" }).success).toBe(false);
  });
});
