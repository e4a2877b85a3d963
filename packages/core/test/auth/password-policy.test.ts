import { dictionary } from "@zxcvbn-ts/language-common";
import { describe, expect, it } from "vitest";
import { commonPasswords, PASSWORD_MIN_SCORE, passwordScore, refuseWeakPassword } from "../../src/auth/password-policy.ts";
import { registerInput } from "../../src/auth/schemas.ts";
import { ERRORS } from "../../src/shared/errors.ts";
import { PASSWORD_HINT, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../src/shared/passwords.ts";

const refusal = async (password: string, personal: string[] = []) => {
  try {
    await refuseWeakPassword(password, personal);
    return null;
  } catch (e) {
    return (e as { code: string }).code;
  }
};

describe("new passwords", () => {
  it("reads the package's own list of common passwords, word for word and in its order", () => {
    const list = commonPasswords();
    expect(list).toEqual(dictionary["passwords-common"]);
    expect(list.length).toBeGreaterThan(40_000);
    expect(list.slice(0, 3)).toEqual(["123456", "password", "12345678"]);
  });

  it.each([
    // On leaked-password lists, or a simple variation of one
    "password123",
    "1234567890",
    "qwertyuiop",
    "P@ssw0rd123",
    "iloveyou123",
    "football2024",
    "Summer2026!",
    "letmein12345",
    "monkey123456",
    // Patterns: repeats, sequences, keyboard walks
    "aaaaaaaaaaaa",
    "abcdefghijkl",
    "1qaz2wsx3edc",
    "hunter2hunter2",
  ])("refuses %j", async (password) => {
    expect(await refusal(password)).toBe("password_too_common");
  });

  it.each([
    "printhood-demo", // the demo accounts' password (seeded through the same register)
    "correct horse battery", // the integration tests' sign-up password
    "a long journey password", // the browser journeys'
    "a long enough password",
    "lovely-printer-42",
    "Tr0ub4dor&3x",
  ])("accepts %j", async (password) => {
    expect(await passwordScore(password)).toBeGreaterThanOrEqual(PASSWORD_MIN_SCORE);
    expect(await refusal(password)).toBeNull();
  });

  it("counts the person's own username and e-mail as known words", async () => {
    const password = "zebulon-quaxley";
    expect(await refusal(password)).toBeNull();
    expect(await refusal(password, ["zebulon-quaxley", "zq@example.com", "zq"])).toBe("password_too_common");
  });

  it("takes its length from the constants, in the registry's words", () => {
    const base = { username: "someone", email: "someone@example.com" };
    const short = registerInput.safeParse({ ...base, password: "x".repeat(PASSWORD_MIN_LENGTH - 1) });
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]?.message).toBe(ERRORS.password_too_short.message);
    expect(ERRORS.password_too_short.message).toBe(`Password must be at least ${PASSWORD_MIN_LENGTH} characters.`);
    expect(registerInput.safeParse({ ...base, password: "x".repeat(PASSWORD_MIN_LENGTH) }).success).toBe(true);
    const long = registerInput.safeParse({ ...base, password: "x".repeat(PASSWORD_MAX_LENGTH + 1) });
    expect(long.error?.issues[0]?.message).toBe(ERRORS.password_too_long.message);
    expect(PASSWORD_HINT).toContain(String(PASSWORD_MIN_LENGTH));
  });
});
