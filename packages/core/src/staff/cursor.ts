import { z } from "zod";
import { type CursorKey, openCursor, sealCursor } from "../paging/cursor.ts";

/**
 * The staff lists' page marker: the last line's sort key (its time and id), signed as every list's
 * marker is (paging/cursor.ts). A query reads strictly past it, so a page boundary never repeats or
 * skips a line even when two share a millisecond; anything that is not one of ours is a 400.
 */
const positionSchema = z.strictObject({ at: z.iso.datetime(), id: z.string().min(1).max(100) });
export type PagePosition = z.infer<typeof positionSchema>;

export const encodeCursor = (key: CursorKey, list: string, at: string, id: string): string => sealCursor(key, list, { at, id });

export const decodeCursor = (key: CursorKey, list: string, cursor: string): PagePosition => openCursor(key, list, cursor, positionSchema);
