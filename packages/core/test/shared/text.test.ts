import { describe, expect, it } from "vitest";
import { cleanLine, cleanLines, isBlankText } from "../../src/shared/text.ts";
import { displayFileName } from "../../src/shared/uploads.ts";

// Escapes keep the invisible characters visible in this file.
const NFD_E_ACUTE = "e\u0301";
const RLO = "\u202E";

describe("a person's free text, normalised", () => {
  it.each([
    ["plain text stays", "Hello, can you print this by Friday?", "Hello, can you print this by Friday?"],
    ["NFC: a decomposed é becomes one character", `Caf${NFD_E_ACUTE}`, "Caf\u00E9"],
    ["NFC: an already composed text is unchanged", "Caf\u00E9", "Caf\u00E9"],
    ["line breaks kept, CR LF and CR become LF", "one\r\ntwo\rthree\nfour", "one\ntwo\nthree\nfour"],
    ["Unicode line and paragraph separators become LF", "a\u2028b\u2029c", "a\nb\nc"],
    ["a tab becomes a space", "size:\t20 mm", "size: 20 mm"],
    ["C0 controls removed (NUL, BEL, ESC)", "a\u0000b\u0007c\u001B[31md", "abc[31md"],
    ["DEL and C1 controls removed", "a\u007Fb\u0080c\u009Fd", "abcd"],
    ["a right-to-left override removed", `invoice${RLO}exe.stl`, "invoiceexe.stl"],
    ["every embedding, override and isolate removed", "a\u202Ab\u202Bc\u202Cd\u202De\u2066f\u2067g\u2068h\u2069i", "abcdefghi"],
    ["direction marks stay (they reorder nothing)", "abc\u200Fdef", "abc\u200Fdef"],
    ["zero-width-only is empty", "\u200B\u200C\u200D\u2060\uFEFF", ""],
    ["whitespace and zero-width together is empty", " \u200B \n\t\u00A0\u3000", ""],
    ["Hangul fillers and a blank Braille pattern are empty", "\u3164\u115F\u1160\uFFA0\u2800", ""],
    ["a soft hyphen alone is empty", "\u00AD", ""],
    ["invisible characters at the ends trimmed", "\u200B\uFEFF hello \u200D", "hello"],
    [
      "a zero-width joiner inside an emoji stays",
      "family \u{1F468}\u200D\u{1F469}\u200D\u{1F467}",
      "family \u{1F468}\u200D\u{1F469}\u200D\u{1F467}",
    ],
    [
      "a non-joiner inside a word stays",
      "\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645",
      "\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645",
    ],
    ["a lone surrogate half becomes U+FFFD", "bad \uD800 half", "bad \uFFFD half"],
    ["a whole surrogate pair stays", "rocket \u{1F680}", "rocket \u{1F680}"],
    ["right-to-left text itself stays", "\u05E9\u05DC\u05D5\u05DD", "\u05E9\u05DC\u05D5\u05DD"],
  ])("%s", (_, input, expected) => {
    expect(cleanLines(input)).toBe(expected);
  });

  it.each([
    ["line breaks become spaces", "Maria's\nPrusa", "Maria's Prusa"],
    ["CR LF becomes one space", "Maria's\r\nPrusa", "Maria's Prusa"],
    ["an override in a printer name removed", `Prusa ${RLO}MK4`, "Prusa MK4"],
    ["zero-width-only is empty", "\u200B\u200B", ""],
    ["NFC", `Jos${NFD_E_ACUTE}`, "Jos\u00E9"],
  ])("one line: %s", (_, input, expected) => {
    expect(cleanLine(input)).toBe(expected);
  });

  it.each([
    ["", true],
    ["   ", true],
    ["\u200B", true],
    ["\u200B\u202E", true],
    ["a", false],
    ["\u200Ba", false],
    ["\u{1F44D}", false],
  ])("isBlankText(%j) is %s", (input, blank) => {
    expect(isBlankText(input)).toBe(blank);
  });

  it("is idempotent: cleaning twice changes nothing more", () => {
    for (const s of [`a${RLO}b\r\n\u0000c `, "\u200B x \u200B", `Caf${NFD_E_ACUTE}\tbar`]) {
      expect(cleanLines(cleanLines(s))).toBe(cleanLines(s));
      expect(cleanLine(cleanLine(s))).toBe(cleanLine(s));
    }
  });
});

describe("design file names", () => {
  it.each([
    ["a plain name", "bracket.stl", "bracket.stl"],
    ["the folder part dropped", "C:\\Users\\me\\parts\\bracket.stl", "bracket.stl"],
    ["NFC", `caf${NFD_E_ACUTE}.stl`, "caf\u00E9.stl"],
    ["an override that hides the real extension removed", `photo${RLO}lts.exe.stl`, "photolts.exe.stl"],
    ["an isolate removed", "a\u2066b\u2069.stl", "ab.stl"],
    ["control characters removed", "a\u0000b\u0007.stl", "ab.stl"],
    ["a line break becomes a space", "two\nlines.stl", "two lines.stl"],
    ["characters a file system refuses removed", 'a<b>c:"d|e?f*.stl', "abcdef.stl"],
    ["zero-width-only becomes the default name", "\u200B\u200B", "design"],
    ["zero-width at the ends trimmed", "\u200Bcube.stl\u200B", "cube.stl"],
  ])("%s", (_, input, expected) => {
    expect(displayFileName(input)).toBe(expected);
  });
});
