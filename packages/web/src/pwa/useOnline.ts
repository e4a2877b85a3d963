import { useSyncExternalStore } from "react";
import { isUnreachable, markReachable, subscribeReachability } from "./reachability";

export type Connection = "online" | "offline" | "unreachable";

function subscribe(onChange: () => void): () => void {
  const online = () => {
    markReachable(); // the browser says the network is back: let the next call find out
    onChange();
  };
  window.addEventListener("online", online);
  window.addEventListener("offline", onChange);
  const stop = subscribeReachability(onChange);
  return () => {
    window.removeEventListener("online", online);
    window.removeEventListener("offline", onChange);
    stop();
  };
}

function snapshot(): Connection {
  if (!navigator.onLine) return "offline";
  return isUnreachable() ? "unreachable" : "online";
}

/**
 * The connection as the site knows it: "offline" when the browser says so (navigator.onLine),
 * "unreachable" when the browser believes it is online but the API gave no answer, else "online".
 */
export function useConnection(): Connection {
  return useSyncExternalStore(subscribe, snapshot, () => "online");
}

/** Whether the browser is online and the API answers. */
export function useOnline(): boolean {
  return useConnection() === "online";
}
