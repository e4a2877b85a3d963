import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { isIP } from "node:net";

/**
 * Where local mode listens unless `HOST` says otherwise: loopback only, so nothing of local mode
 * (the site with its demo accounts, the stand-ins) is reachable from the network by default.
 */
export const DEFAULT_HOST = "127.0.0.1";

/** The host to put in a URL that reaches a server bound to `host`: a wildcard bind is reached via 127.0.0.1; IPv6 in brackets. */
export function reachableHost(host: string | undefined): string {
  if (!host || host === "0.0.0.0" || host === "::") return DEFAULT_HOST;
  return isIP(host) === 6 ? `[${host}]` : host;
}

/**
 * Listens on `port` (0 or undefined picks a free one) and `host` (default 127.0.0.1). Returns the
 * bound port and the host to reach it at (reachableHost).
 */
export async function listen(server: Server, port: number | undefined, host: string | undefined): Promise<{ port: number; host: string }> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port ?? 0, host || DEFAULT_HOST, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  return { port: address.port, host: reachableHost(host) };
}
