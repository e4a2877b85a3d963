import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Text people write (messages, instructions, claims, reviews, reasons) is shown with its line breaks
// kept (`whitespace-pre-*`); a pasted link or a long word with no space then widened its column, and a
// flex or grid column grows to fit it: the whole page scrolled sideways (37,000 px for one message).
// Every such element also wraps anywhere.
const SRC = join(import.meta.dirname, "../src");
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith(".tsx") ? [join(dir, e.name)] : [],
  );

describe("free text", () => {
  it("every element that keeps a person's line breaks also wraps a long unbroken word", () => {
    const offenders = files(SRC).flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, i) =>
          /whitespace-pre-(wrap|line)/.test(line) && !/wrap-anywhere|break-all/.test(line)
            ? [`${file.slice(SRC.length + 1)}:${i + 1}`]
            : [],
        ),
    );
    expect(offenders).toEqual([]);
  });
});
