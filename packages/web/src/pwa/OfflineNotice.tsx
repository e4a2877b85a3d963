import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { sessionCheckUnanswered } from "../api/auth";
import { queryKeys } from "../api/keys";
import { type Connection, useConnection } from "./useOnline";

/**
 * When the connection is back: the session is read again if its check got no answer (so a
 * signed-in person offline is not left looking signed out), and the failed queries on screen retry.
 */
function useRecoverWhenBack(connection: Connection) {
  const queryClient = useQueryClient();
  const previous = useRef(connection);
  useEffect(() => {
    const was = previous.current;
    previous.current = connection;
    if (connection !== "online" || was === "online") return;
    if (sessionCheckUnanswered()) void queryClient.invalidateQueries({ queryKey: queryKeys.session });
    void queryClient.refetchQueries({ type: "active", predicate: (q) => q.state.status === "error" });
  }, [connection, queryClient]);
}

/**
 * The offline notice (issue 10): the service worker opens the app shell without a network, and
 * this says plainly why accounts, orders, messages and printers cannot load until it is back.
 * "You are offline." when the browser says so; when the browser believes it is online but the
 * API gives no answer (a network without internet, the server out of reach), "Printhood cannot
 * be reached." with Try again.
 */
export function OfflineNotice() {
  const connection = useConnection();
  const queryClient = useQueryClient();
  useRecoverWhenBack(connection);
  if (connection === "online") return null;
  return (
    <div
      role="status"
      aria-label="Connection"
      className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-center text-sm text-amber-900"
    >
      {connection === "offline" ? (
        <>
          <strong className="font-semibold">You are offline.</strong> Printhood opened from this device, but signing in, orders, messages
          and printers need a connection. They load again as soon as you are back online.
        </>
      ) : (
        <>
          <strong className="font-semibold">Printhood cannot be reached.</strong> Check your connection: signing in, orders, messages and
          printers load again as soon as it is back.{" "}
          <button
            type="button"
            onClick={() => void queryClient.invalidateQueries({ queryKey: queryKeys.session })}
            className="font-semibold underline hover:no-underline"
          >
            Try again
          </button>
        </>
      )}
    </div>
  );
}
