import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as RULES from "../../src/limits/rules.ts";
import { describeError, ERROR_CODES, ERRORS, fail, STATUS_BY_KIND, statusOf } from "../../src/shared/errors.ts";
import { MAX_UPLOAD_MB, MESSAGE_MAX_LENGTH } from "../../src/shared/sizes.ts";

const ROOT = join(import.meta.dirname, "../../..");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith(".ts") ? [path] : [];
  });
}

describe("the error registry", () => {
  it("makes each error from its code: kind, status and message", () => {
    const e = fail("draft_not_found");
    expect([e.kind, e.code, e.status, e.message]).toEqual(["not_found", "draft_not_found", 404, "We could not find that saved print."]);
    expect(fail("unknown_field", { fields: "isAdmin" }).message).toBe("Unexpected field: isAdmin.");
    expect(fail("unknown_field", { fields: "a, b" }).message).toBe("Unexpected fields: a, b.");
    expect(fail("too_many_attempts", { minutes: 15 }).message).toBe("Too many sign-in attempts. Please wait 15 minutes and try again.");
    expect(fail("too_many_attempts", { minutes: 1 }).message).toBe("Too many sign-in attempts. Please wait 1 minute and try again.");
  });

  it("names each counted limit's number from the limit itself, so a changed limit changes its sentence", () => {
    const perPerson = [
      RULES.UPLOADS_PER_DAY,
      RULES.ORDERS_PER_PRINTER_PER_HOUR,
      RULES.SAVED_PRINTS,
      RULES.UNPAID_ORDERS,
      RULES.PRINTERS_PER_OWNER,
    ];
    for (const rule of perPerson) expect(describeError(rule.name), rule.name).toMatch(new RegExp(`\\b${rule.max}\\b`));
    expect(fail("file_too_large").message).toBe(`File size exceeds ${MAX_UPLOAD_MB}MB limit.`);
    expect(MAX_UPLOAD_MB).toBe(50);
    expect(fail("message_too_long").message).toBe("Messages can be at most 5,000 characters.");
    expect(MESSAGE_MAX_LENGTH).toBe(5000);
  });

  it("documents every code with its status and its sentence or template", () => {
    for (const code of ERROR_CODES) {
      expect(statusOf(code)).toBe(STATUS_BY_KIND[ERRORS[code].kind]);
      expect(describeError(code).length).toBeGreaterThan(5);
    }
    expect(describeError("printer_offline")).toBe("{printer} is offline and not taking orders right now. Please choose another printer.");
  });

  it("is the only maker of visible errors in core and the API (the analysis keeps its own design errors)", () => {
    const allowed = new Set(["core/src/shared/errors.ts", "core/src/analysis/errors.ts"]);
    const offenders = [...sources(join(ROOT, "core/src")), ...sources(join(ROOT, "functions/src"))]
      .filter((file) => readFileSync(file, "utf8").includes("new VisibleError("))
      .map((file) => file.slice(ROOT.length + 1))
      .filter((file) => !allowed.has(file));
    expect(offenders).toEqual([]);
  });

  it("never recognises a failed conditional write by its message text", () => {
    const offenders = [...sources(join(ROOT, "core/src")), ...sources(join(ROOT, "functions/src"))]
      // The old ways: reading the SDK's or ElectroDB's message for these words.
      .filter((file) => /includes\("(conditional|transactioncanceled|transaction cancelled)"\)/i.test(readFileSync(file, "utf8")))
      .map((file) => file.slice(ROOT.length + 1));
    expect(offenders).toEqual([]);
  });
});
