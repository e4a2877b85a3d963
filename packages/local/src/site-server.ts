import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer, type HttpBindings } from "@hono/node-server";
import { closeServer } from "./http/close-server.ts";
import { DEFAULT_HOST } from "./http/listen.ts";
import { StartFailure } from "./start-failure.ts";

export type SiteHandler = (request: Request, env: HttpBindings) => Response | Promise<Response>;

export interface SiteServer {
  port: number;
  /** Swap what answers: "starting" until the stand-ins and the app are up, then the product. */
  serve(handler: SiteHandler): void;
  close(): Promise<void>;
}

/**
 * The one origin of local mode (site + API), bound before anything else starts: a taken port
 * fails in a second, not after DynamoDB Local's start, and /api/health can answer "not ready"
 * while the stand-ins come up. On `host` (`HOST`; 127.0.0.1 unless it says otherwise, so the
 * demo accounts are not open to the network).
 */
export async function listenSite(port: number, starting: SiteHandler, host = DEFAULT_HOST): Promise<SiteServer> {
  let handler = starting;
  // The bindings carry the socket: the API reads the client's address from it (rate limits).
  const server = createAdaptorServer({ fetch: (req, env) => handler(req, env as HttpBindings) }) as Server;
  await new Promise<void>((resolve, reject) => {
    server.once("error", (e: NodeJS.ErrnoException) => {
      if (e.code === "EADDRINUSE")
        reject(
          new StartFailure(
            `Port ${port} is already in use (is Printhood already running?). Stop that program, or start on another port: PORT=${port + 1} npm start`,
          ),
        );
      else if (e.code === "EADDRNOTAVAIL")
        reject(
          new StartFailure(`HOST=${host} is not an address of this machine. Leave HOST unset (127.0.0.1), or use one of its addresses`),
        );
      else if (e.code === "EACCES")
        reject(new StartFailure(`Port ${port} needs privileges this user does not have. Start on a port above 1024: PORT=3000 npm start`));
      else reject(e);
    });
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    serve: (next) => {
      handler = next;
    },
    close: () => closeServer(server),
  };
}
