import type { IncomingMessage } from "node:http";

/** Reads a request body as UTF-8, throwing `tooLarge()` as soon as it passes `maxBytes`. */
export async function readBody(req: IncomingMessage, maxBytes: number, tooLarge: () => Error): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}
