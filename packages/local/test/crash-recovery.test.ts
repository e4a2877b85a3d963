import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_CUSTOMER, DEMO_OWNERS, DEMO_PASSWORD, freePort } from "@printhood/local";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { isRunning, recordedJavaPid, runStart, type StartProcess, waitUntil } from "./start-process.ts";

/**
 * `npm start` as a person meets it: killed in the middle of its first seeding, started again,
 * stopped with Ctrl-C, and started where it cannot work. Each run has its own data folder and
 * port, so it never touches .local/ or a Printhood running on 3000.
 */
const root = mkdtempSync(join(tmpdir(), "printhood-crash-"));
const started: StartProcess[] = [];
afterEach(() => {
  for (const s of started.splice(0)) if (s.child.exitCode === null) s.child.kill("SIGKILL");
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function start(dataDir: string, port: number, env: Record<string, string> = {}) {
  const s = runStart({ dataDir, port, env });
  started.push(s);
  return s;
}

/**
 * `start` on a free port that prints `text`: freePort releases its port before `npm start` binds it,
 * and on a busy machine another test's server (or DynamoDB Local, which picks its port the same way)
 * can take it in between; then the start says so in one line and a new port is tried.
 */
async function startOnFreePort(dataDir: string, text: string, env: Record<string, string> = {}) {
  for (let attempt = 1; ; attempt++) {
    const s = start(dataDir, await freePort(), env);
    try {
      await s.waitForOutput(text);
      return s;
    } catch (e) {
      if (attempt >= 3 || !s.output().includes("is already in use")) throw e;
    }
  }
}

/** What a failed start printed, besides the site build it may have run first. */
const failureLines = (s: StartProcess) =>
  s
    .output()
    .trim()
    .split("\n")
    .filter((l) => !l.startsWith("Building the site"));

/** The direct children of a process (Linux: /proc/PID/task/PID/children). */
function childPids(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
}

/** DynamoDB Local processes serving a data folder (no shell: its own command line would match). */
function javaProcesses(dataDir: string): number {
  try {
    return execFileSync("pgrep", ["-f", "--", `dbPath ${dataDir}`], { encoding: "utf8" })
      .trim()
      .split("\n")
      .filter(Boolean).length;
  } catch {
    return 0;
  }
}

interface Health {
  ok: boolean;
  standIns: Record<string, boolean>;
}
const health = (url: string) => fetch(`${url}/api/health`).then(async (r) => ({ status: r.status, json: (await r.json()) as Health }));

describe("npm start after a crash", () => {
  it("comes back healthy with every demo account and printer after a SIGKILL in the middle of seeding", async () => {
    const dataDir = join(root, "killed");
    // Pausing after the first printer of an owner with several leaves that owner half seeded.
    const halfSeeded = DEMO_OWNERS.find((o) => o.printers.length > 1)?.printers[0]?.name;
    if (!halfSeeded) throw new Error("the demo data needs an owner with two printers for this test");
    const first = await startOnFreePort(dataDir, `seeding paused after printer ${halfSeeded}`, {
      PRINTHOOD_SEED_PAUSE_AFTER: `printer ${halfSeeded}`,
    });
    const port = Number(new URL(first.url).port);
    const notReady = await health(first.url);
    expect(notReady.status).toBe(503);
    expect(notReady.json.ok).toBe(false);
    expect(notReady.json.standIns.demoData).toBe(false);

    const java = recordedJavaPid(dataDir);
    expect(isRunning(java)).toBe(true);
    first.child.kill("SIGKILL");
    await first.exited();
    // The watchdog stops the orphaned DynamoDB Local (Java is not killed with its parent).
    await waitUntil("the orphaned DynamoDB Local stops", () => !isRunning(java), 15_000);

    const second = start(dataDir, port);
    await second.waitForOutput("Press Ctrl-C to stop.");
    expect(second.output()).not.toMatch(/already exists|Error|could not start/);
    const ready = await health(second.url);
    expect(ready).toEqual({
      status: 200,
      json: { ok: true, standIns: { dynamodb: true, s3: true, eventBus: true, stripe: true, ses: true, demoData: true } },
    });

    // Every demo printer exactly once: the half-seeded owner got the missing one, no duplicates.
    const printers = (await (await fetch(`${second.url}/api/printers`)).json()) as { name: string }[];
    expect(printers.map((p) => p.name).sort()).toEqual(DEMO_OWNERS.flatMap((o) => o.printers.map((p) => p.name)).sort());
    for (const email of [DEMO_CUSTOMER.email, ...DEMO_OWNERS.map((o) => o.email)]) {
      const res = await fetch(`${second.url}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: second.url },
        body: JSON.stringify({ email, password: DEMO_PASSWORD }),
      });
      expect(res.status, email).toBe(200);
    }

    // Ctrl-C: a clean stop, DynamoDB Local included.
    const java2 = recordedJavaPid(dataDir);
    second.child.kill("SIGINT");
    expect(await second.exited()).toBe(0);
    expect(isRunning(java2)).toBe(false);
    expect(second.output()).toMatch(/SIGINT: stopping Printhood/);
  }, 400_000);

  it("stops a DynamoDB Local that outlived its watchdog too, and refuses a second Printhood on the same data", async () => {
    const dataDir = join(root, "orphan");
    const first = await startOnFreePort(dataDir, "seeding paused after", {
      PRINTHOOD_SEED_PAUSE_AFTER: `account ${DEMO_OWNERS[0]!.email}`,
    });
    const java = recordedJavaPid(dataDir);
    // As if the watchdog had been killed too: only Java is left, holding the data.
    for (const pid of childPids(first.child.pid!)) if (pid !== java) process.kill(pid, "SIGKILL");
    first.child.kill("SIGKILL");
    await first.exited();
    await new Promise((r) => setTimeout(r, 1000));
    expect(isRunning(java)).toBe(true);

    const second = await startOnFreePort(dataDir, "Press Ctrl-C to stop.");
    expect(isRunning(java)).toBe(false);
    expect((await health(second.url)).status).toBe(200);

    const third = start(dataDir, await freePort());
    expect(await third.exited()).toBe(1);
    expect(failureLines(third)).toEqual([
      `Printhood could not start: Another Printhood (process ${second.child.pid}) is already running with ${dataDir}/: stop it first (Ctrl-C in its terminal).`,
    ]);
    expect((await health(second.url)).status).toBe(200);

    second.child.kill("SIGINT");
    expect(await second.exited()).toBe(0);
  }, 400_000);

  it("refuses a taken port in one line, before starting anything", async () => {
    const blocker = createServer();
    const port = await freePort();
    await new Promise<void>((r) => blocker.listen(port, "0.0.0.0", () => r()));
    try {
      const s = start(join(root, "port"), port);
      expect(await s.exited()).toBe(1);
      expect(failureLines(s)).toEqual([
        `Printhood could not start: Port ${port} is already in use (is Printhood already running?). Stop that program, or start on another port: PORT=${port + 1} npm start`,
      ]);
    } finally {
      blocker.close();
    }
  }, 120_000);

  it("says to delete the data folder when DynamoDB Local cannot read it, and leaves no Java behind", async () => {
    const dataDir = join(root, "damaged");
    mkdirSync(join(dataDir, "dynamodb"), { recursive: true });
    writeFileSync(join(dataDir, "dynamodb", "shared-local-instance.db"), "this is not a database ".repeat(1000));
    const s = start(dataDir, await freePort());
    expect(await s.exited()).toBe(1);
    expect(failureLines(s)).toEqual([
      `Printhood could not start: DynamoDB Local cannot read the saved data in ${dataDir}/dynamodb (it may be damaged): delete ${dataDir}/ and start again.`,
    ]);
    expect(javaProcesses(dataDir)).toBe(0);
  }, 200_000);
});
