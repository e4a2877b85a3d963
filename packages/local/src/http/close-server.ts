import type { Server } from "node:http";

/** Stops listening and drops open (keep-alive) connections, so closing never waits on idle clients. */
export function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
