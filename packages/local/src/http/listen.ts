import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Listens on `port` (0 or undefined picks a free one) and `host` (default 127.0.0.1). Returns the
 * bound port and the host to reach it at: a wildcard bind (0.0.0.0) is reached via 127.0.0.1.
 */
export async function listen(server: Server, port: number | undefined, host: string | undefined): Promise<{ port: number; host: string }> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port ?? 0, host ?? "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  return { port: address.port, host: host && host !== "0.0.0.0" ? host : "127.0.0.1" };
}
