import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../src/paths.ts";

/**
 * `npm start` as its own process (node packages/local/bin/start.mjs, what the npm script runs),
 * with its own data folder and port, so a test can kill it as a person or a power cut would.
 */
export interface StartProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Resolves once the output contains `text` (fails if the process exits first). */
  waitForOutput(text: string, timeoutMs?: number): Promise<void>;
  exited(): Promise<number | null>;
}

export function runStart(options: { dataDir: string; port: number; env?: Record<string, string> }): StartProcess {
  const child = spawn(process.execPath, [join(REPO_ROOT, "packages/local/bin/start.mjs")], {
    cwd: REPO_ROOT,
    env: { ...process.env, PRINTHOOD_DATA_DIR: options.dataDir, PORT: String(options.port), ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d) => (out += String(d)));
  child.stderr?.on("data", (d) => (out += String(d)));
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    url: `http://localhost:${options.port}`,
    output: () => out,
    exited: () => exit,
    waitForOutput: async (text, timeoutMs = 180_000) => {
      const deadline = Date.now() + timeoutMs;
      let gone = false;
      void exit.then(() => (gone = true));
      while (!out.includes(text)) {
        if (gone) throw new Error(`npm start exited before printing "${text}":\n${out}`);
        if (Date.now() > deadline) throw new Error(`npm start did not print "${text}" within ${timeoutMs / 1000} s:\n${out}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}

/** The Java pid the start recorded next to its data (see src/stale-process.ts). */
export function recordedJavaPid(dataDir: string): number {
  const file = join(dataDir, "dynamodb", "dynamodb.pid");
  if (!existsSync(file)) throw new Error(`no pid file at ${file}`);
  return Number(JSON.parse(readFileSync(file, "utf8")).java);
}

/** True while a process with this pid runs (a zombie, exited but not reaped, counts as gone). */
export function isRunning(pid: number): boolean {
  if (!existsSync("/proc")) {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }
  try {
    const state = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0];
    return state !== "Z" && state !== "X";
  } catch {
    return false;
  }
}

export async function waitUntil(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
