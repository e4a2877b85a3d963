import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonToStderr, type LogSink, log, setLogSink } from "../../src/ops/log.ts";

describe("core's log port", () => {
  afterEach(() => {
    setLogSink(jsonToStderr);
    vi.restoreAllMocks();
  });

  it("writes one JSON line on stderr by default, errors as their name, message and stack", () => {
    const write = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    log.error("payment not released", { jobId: "j1", error: new TypeError("boom") });
    expect(write).toHaveBeenCalledTimes(1);
    const text = String(write.mock.calls[0]![0]);
    expect(text.endsWith("\n")).toBe(true);
    const line = JSON.parse(text);
    expect(line).toMatchObject({
      level: "ERROR",
      message: "payment not released",
      jobId: "j1",
      error: { name: "TypeError", message: "boom" },
    });
    expect(Date.parse(line.timestamp)).not.toBeNaN();
  });

  it("sends every level to the sink set, and answers the one it replaced", () => {
    const seen: [string, string, Record<string, unknown>][] = [];
    const sink: LogSink = (level, message, fields) => void seen.push([level, message, fields]);
    expect(setLogSink(sink)).toBe(jsonToStderr);
    log.debug("a");
    log.info("b", { n: 1 });
    log.warn("c");
    log.error("d", { jobId: "j" });
    expect(seen).toEqual([
      ["debug", "a", {}],
      ["info", "b", { n: 1 }],
      ["warn", "c", {}],
      ["error", "d", { jobId: "j" }],
    ]);
    expect(setLogSink(jsonToStderr)).toBe(sink);
  });
});
