import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";

/**
 * A pid file next to persistent data, so a start can stop the DynamoDB Local a crashed start
 * left behind (the watchdog normally does; a killed watchdog can still leave one). It holds
 * the Java pid and ours: while our process still runs, the data belongs to that Printhood and
 * the new start is refused instead. A pid is only trusted when that process's command line
 * still matches: after a reboot the numbers may belong to anything.
 */
export function recordPid(pidFile: string, pid: number | undefined, port?: number): void {
  if (pid) writeFileSync(pidFile, JSON.stringify({ java: pid, owner: process.pid, ...(port ? { port } : {}) }));
}

/**
 * The port of the DynamoDB Local a running Printhood (or script) serves this data folder on, or
 * null when none runs: `npm run staff:add` then talks to it instead of opening the files itself.
 */
export function runningPort(pidFile: string, mustMention: string): number | null {
  if (!existsSync(pidFile)) return null;
  try {
    const recorded = JSON.parse(readFileSync(pidFile, "utf8")) as { java?: unknown; port?: unknown };
    const pid = Number(recorded.java);
    const port = Number(recorded.port);
    return pid > 0 && port > 0 && commandLine(pid)?.includes(mustMention) === true ? port : null;
  } catch {
    return null;
  }
}

export function forgetPid(pidFile: string): void {
  rmSync(pidFile, { force: true });
}

/**
 * Stops the recorded Java if it is still ours; resolves once it has gone. Throws `inUse()` when
 * the Printhood that started it is still running.
 */
export async function stopStale(pidFile: string, mustMention: string, inUse: (ownerPid: number) => Error): Promise<void> {
  if (!existsSync(pidFile)) return;
  let recorded: { java?: unknown; owner?: unknown } = {};
  try {
    recorded = JSON.parse(readFileSync(pidFile, "utf8"));
  } catch {
    // unreadable (cut short by a crash): nothing to trust in it
  }
  const owner = Number(recorded.owner);
  const pid = Number(recorded.java);
  const javaAlive = pid > 0 && commandLine(pid)?.includes(mustMention) === true;
  // Both still running: another Printhood is using this data right now.
  if (javaAlive && owner > 0 && owner !== process.pid && commandLine(owner)?.includes("node")) throw inUse(owner);
  if (javaAlive) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
    // Its data files stay locked until it has really exited.
    for (let i = 0; i < 50 && commandLine(pid) !== undefined; i++) await new Promise((r) => setTimeout(r, 100));
  }
  forgetPid(pidFile);
}

/** The process's command line, or undefined when there is no such process. */
function commandLine(pid: number): string | undefined {
  try {
    if (existsSync("/proc")) {
      const raw = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      // A zombie (exited, not yet reaped) has an empty command line: it holds nothing any more.
      return raw ? raw.split("\0").join(" ") : undefined;
    }
    const out = execFileSync("ps", ["-p", String(pid), "-o", "command="], { encoding: "utf8" }).trim();
    return out || undefined;
  } catch {
    return undefined;
  }
}
