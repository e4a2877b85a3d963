import { ERRORS } from "./errors.ts";
import { MAX_UPLOAD_BYTES } from "./sizes.ts";
import { cleanLine } from "./text.ts";

/**
 * Upload rules shared by the browser and the server (spec 1 §5, §9): which files and how big.
 * Pure, so the web imports it too and both say the same words (the error registry's).
 */
export const UPLOAD_FORMATS = ["stl", "obj", "3mf"] as const;
export type UploadFormat = (typeof UPLOAD_FORMATS)[number];

/** The upload errors' sentences, from the registry (codes invalid_file, file_too_large, empty_file). */
export const MESSAGES = {
  invalidType: ERRORS.invalid_file.message,
  tooLarge: ERRORS.file_too_large.message,
  empty: ERRORS.empty_file.message,
} as const;

export type UploadProblem = "invalid_file" | "file_too_large" | "empty_file";

/** The format from a file name's extension, or null when it is not one we take. */
export function formatOf(fileName: string): UploadFormat | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName.trim())?.[1]?.toLowerCase();
  return (UPLOAD_FORMATS as readonly string[]).includes(ext ?? "") ? (ext as UploadFormat) : null;
}

/** Why a file cannot be uploaded (an error code), or null when it can. */
export function uploadProblemCode(fileName: string, size: number): UploadProblem | null {
  if (!formatOf(fileName)) return "invalid_file";
  if (size > MAX_UPLOAD_BYTES) return "file_too_large";
  if (size <= 0) return "empty_file";
  return null;
}

/** Why a file cannot be uploaded, in the registry's words, or null when it can (the upload page shows it). */
export function uploadProblem(fileName: string, size: number): string | null {
  const code = uploadProblemCode(fileName, size);
  return code ? ERRORS[code].message : null;
}

/** The longest file name kept, in characters (code points, so an emoji is never cut in half). */
const FILE_NAME_MAX = 120;

/**
 * A display name that is safe to show and store: a person's free text (shared/text.ts: NFC, no
 * control, bidirectional-override or zero-width-only text), without its folders and the characters
 * file systems refuse, length capped; "design" when nothing is left. Never used in the object key.
 */
export function displayFileName(fileName: string): string {
  const base = cleanLine(fileName).split(/[\\/]/).pop() ?? "";
  const clean = cleanLine(base.replace(/[<>:"|?*]/g, ""));
  return clean ? [...clean].slice(0, FILE_NAME_MAX).join("").trimEnd() : "design";
}

/** Where a design's picture is served (GET /api/thumbnails/{id}): a PNG the analysis drew from its mesh (issue 22). */
export const thumbnailPath = (thumbnailId: string) => `/api/thumbnails/${thumbnailId}`;
