/// <reference path="./s3rver.d.ts" />
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import { DEFAULT_HOST, reachableHost } from "./http/listen.ts";
import { freePort } from "./ports.ts";

export interface LocalS3 {
  endpoint: string;
  port: number;
  close(): Promise<void>;
}

/** CORS for the uploads bucket: the browser POSTs designs straight to it. */
export function corsXml(origins: string[]) {
  const rules = origins
    .map(
      (o) =>
        `<CORSRule><AllowedOrigin>${o}</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>POST</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule>`,
    )
    .join("");
  return `<CORSConfiguration>${rules}</CORSConfiguration>`;
}

/**
 * s3rver with the uploads bucket and its CORS. Its ObjectCreated events go to `onEvent`
 * (local mode feeds them to the real analysis handler, as S3's notification does in AWS).
 * s3rver does not enforce POST policies: the analysis re-checks size and type itself.
 */
export async function startS3(options: {
  bucket: string;
  origins: string[];
  dataDir?: string;
  port?: number;
  /** Where it listens (local mode's HOST; 127.0.0.1 by default). */
  host?: string;
  onEvent?: (event: unknown) => void;
}): Promise<LocalS3> {
  const port = options.port ?? (await freePort());
  const temp = !options.dataDir;
  const directory = options.dataDir ?? mkdtempSync(join(tmpdir(), "printhood-s3-"));
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    port,
    address: options.host || DEFAULT_HOST,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: options.bucket, configs: [corsXml(options.origins)] }],
  });
  if (options.onEvent) server.on("event", options.onEvent);
  await server.run();
  return {
    endpoint: `http://${reachableHost(options.host)}:${port}`,
    port,
    close: async () => {
      await server.close();
      if (temp) rmSync(directory, { recursive: true, force: true });
    },
  };
}
