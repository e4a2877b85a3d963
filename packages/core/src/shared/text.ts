/**
 * Free text that one person writes and another reads (messages, design file names, special
 * instructions, an owner's words on an order, printer names and descriptions, review comments,
 * people's names, carriers and tracking numbers): one normalisation, applied by every input schema
 * that takes such text (`z.string().overwrite(cleanLines)` / `.overwrite(cleanLine)`, before the
 * field's own trim and length rules) and by the file names the server derives (`displayFileName`).
 *
 * - Unicode NFC, so the same words are the same characters (a name typed on a Mac and on Windows
 *   compares equal, and lengths count what a person sees more closely).
 * - No control characters: C0, DEL and C1 are removed; a tab becomes a space; line breaks become
 *   "\n" where the field has lines (messages, notes), a space where it has one line (names).
 * - No bidirectional embeddings, overrides or isolates (U+202A–U+202E, U+2066–U+2069): they
 *   reorder what the reader sees (a file named "invoice\u202Eexe.stl" reads as "invoicelts.exe"),
 *   and nothing a person writes here needs them. The plain direction marks (U+200E, U+200F) stay.
 * - Text made only of invisible characters (zero-width spaces and joiners, format characters,
 *   filler characters, whitespace) is empty, so a field's "required" or "blank" rule refuses it;
 *   invisible characters at either end are trimmed. Inside text they stay: a zero-width joiner
 *   builds emoji and some scripts need the non-joiner.
 * - Lone surrogate halves (invalid UTF-16 a JSON string can carry) become U+FFFD.
 *
 * Pure and browser-safe: the site may show a preview with the same rule.
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
/** Line breaks of every kind, as one "\n" (CR LF first, so it is one break, not two). */
const LINE_BREAKS = /\r\n|[\r\n\u0085\u2028\u2029\v\f]/g;
/** Control characters (Cc: C0, DEL, C1) other than "\n": the line breaks above are handled first. */
const CONTROLS = /[^\P{Cc}\n]/gu;
/**
 * Characters that draw nothing: whitespace, format characters (zero-width space, joiners, word
 * joiner, BOM, soft hyphen, direction marks, …), the combining grapheme joiner, Hangul fillers and
 * the blank Braille pattern (both used to fake "empty" names).
 */
const INVISIBLE = "\\s\\p{Z}\\p{Cf}\\u034F\\u115F\\u1160\\u3164\\uFFA0\\u2800";
const INVISIBLE_ENDS = new RegExp(`^[${INVISIBLE}]+|[${INVISIBLE}]+$`, "gu");
const VISIBLE = new RegExp(`[^${INVISIBLE}]`, "u");

function clean(text: string, lineBreak: string): string {
  const normalised = text
    .replace(LONE_SURROGATE, "\uFFFD")
    .normalize("NFC")
    .replace(BIDI_CONTROLS, "")
    .replace(LINE_BREAKS, lineBreak)
    .replace(/\t/g, " ")
    .replace(CONTROLS, "");
  return VISIBLE.test(normalised) ? normalised.replace(INVISIBLE_ENDS, "") : "";
}

/** Text with lines (a message, special instructions, a description, a comment): line breaks kept as "\n". */
export const cleanLines = (text: string): string => clean(text, "\n");

/** Text on one line (a name, a file name, a carrier): line breaks become spaces. */
export const cleanLine = (text: string): string => clean(text, " ");

/** Whether a text shows anything once cleaned (a zero-width-only message is blank). */
export const isBlankText = (text: string): boolean => cleanLines(text) === "";
