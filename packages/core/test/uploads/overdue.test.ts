import { describe, expect, it } from "vitest";
import { isOverdue, UPLOAD_FORM_SECONDS, UPLOAD_WAIT_SECONDS } from "../../src/uploads/uploads.ts";

const at = (seconds: number) => new Date(Date.parse("2026-11-26T12:00:00Z") + seconds * 1000);
const createdAt = at(0).toISOString();

describe("isOverdue: an upload waiting for its analysis longer than it ever could", () => {
  it.each([
    ["pending, just registered", "pending", 1, false],
    ["pending, the form still usable", "pending", UPLOAD_FORM_SECONDS - 1, false],
    ["pending, the form just expired (a file sent at its last second is still analysed)", "pending", UPLOAD_FORM_SECONDS + 30, false],
    ["pending, at the wait's end", "pending", UPLOAD_WAIT_SECONDS, false],
    ["pending, past the wait", "pending", UPLOAD_WAIT_SECONDS + 1, true],
    ["analysed long ago", "analyzed", UPLOAD_WAIT_SECONDS * 10, false],
    ["failed long ago", "failed", UPLOAD_WAIT_SECONDS * 10, false],
  ] as const)("%s", (_, status, seconds, overdue) => {
    expect(isOverdue({ status, createdAt }, at(seconds))).toBe(overdue);
  });

  it("waits longer than the form lives and than any analysis runs", () => {
    expect(UPLOAD_WAIT_SECONDS - UPLOAD_FORM_SECONDS).toBeGreaterThanOrEqual(120);
  });
});
