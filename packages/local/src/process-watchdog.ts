import { type ChildProcess, spawn } from "node:child_process";

/**
 * A tiny Node process that stops `pid` when our process dies without stopping it (kill -9, a
 * crash): a Java child is not killed with its parent on Linux or macOS, and an orphaned
 * DynamoDB Local would keep its port and its data files. The watchdog reads a pipe from us;
 * the pipe closes when we die, however we die. A clean stop says "stop" first, so the
 * watchdog leaves (and never signals a pid that may already belong to someone else).
 * It ignores Ctrl-C's SIGINT: the terminal sends that to the child too, and we stop it ourselves.
 */
const WATCHDOG = `
const pid = Number(process.argv[1]);
let released = false;
for (const s of ["SIGINT", "SIGHUP"]) process.on(s, () => {});
process.stdin.on("data", (d) => { if (String(d).includes("stop")) released = true; });
process.stdin.on("error", () => {});
process.stdin.on("end", () => {
  if (released) process.exit(0);
  try { process.kill(pid, "SIGTERM"); } catch { process.exit(0); }
  setTimeout(() => { try { process.kill(pid, "SIGKILL"); } catch {} process.exit(0); }, 3000);
});
`;

export interface Watchdog {
  /** The child is being stopped cleanly: the watchdog exits without touching it. */
  release(): void;
}

export function watchChild(child: ChildProcess): Watchdog {
  if (!child.pid) return { release: () => {} };
  const dog = spawn(process.execPath, ["-e", WATCHDOG, String(child.pid)], { stdio: ["pipe", "ignore", "ignore"] });
  dog.on("error", () => {});
  dog.stdin?.on("error", () => {});
  // Neither the watchdog nor its pipe may keep our own process alive.
  dog.unref();
  (dog.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  return {
    release() {
      if (dog.stdin?.writable) dog.stdin.end("stop\n");
    },
  };
}
