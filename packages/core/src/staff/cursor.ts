import { z } from "zod";
import { fail } from "../shared/errors.ts";

/**
 * The staff lists' page marker: the last line's sort key (its time and id) as opaque text. A
 * query reads strictly past it, so a page boundary never repeats or skips a line even when two
 * share a millisecond; anything that is not one of ours is a 400 (`bad_cursor`), never a key
 * handed to DynamoDB.
 */
const cursorSchema = z.strictObject({ at: z.iso.datetime(), id: z.string().min(1).max(100) });
export type PagePosition = z.infer<typeof cursorSchema>;

export const encodeCursor = (at: string, id: string): string => Buffer.from(JSON.stringify({ at, id })).toString("base64url");

export function decodeCursor(cursor: string): PagePosition {
  try {
    return cursorSchema.parse(JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")));
  } catch {
    throw fail("bad_cursor");
  }
}
