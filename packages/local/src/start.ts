import { appendFileSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { numberAllPrinters } from "@printhood/core";
import { seedDemoStory } from "./demo/story.ts";
import { REPO_ROOT } from "./paths.ts";
import { Readiness } from "./readiness.ts";
import { DEMO_CUSTOMER, DEMO_OWNERS, DEMO_PASSWORD, DEMO_STAFF, DEMO_STAFF_TOTP_URI, seedDemoData } from "./seed.ts";
import { type LocalStack, startLocalStack } from "./stack.ts";
import { dataDirName, resetHint, StartAborted, StartFailure } from "./start-failure.ts";

/**
 * `npm start`: the whole product on one machine, data kept under .local/ across restarts.
 * PRINTHOOD_DATA_DIR and PORT move it (the crash test runs a second copy that way); HOST sets the
 * address it listens on (127.0.0.1 unless set);
 * PRINTHOOD_SEED_PAUSE_AFTER=STEP stops seeding after that step ("account EMAIL", "printer NAME",
 * or a step of the demo story, "story FILE: STEP") so that test can kill a start in the middle of seeding.
 */
const dataDir = resolve(process.env.PRINTHOOD_DATA_DIR ?? join(REPO_ROOT, ".local"));
const port = Number(process.env.PORT ?? 3000);
/** The address to listen on: 127.0.0.1 (this machine only) unless HOST says otherwise (e.g. HOST=0.0.0.0). */
const host = process.env.HOST || undefined;
const pauseAfter = process.env.PRINTHOOD_SEED_PAUSE_AFTER;

const aborter = new AbortController();
let stack: LocalStack | undefined;
let stopping = false;

async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping Printhood...`);
  aborter.abort();
  // Still starting: startLocalStack stops what it started and throws StartAborted (below).
  if (!stack) return;
  await stack.close();
  process.exit(0);
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => void stop(signal));

try {
  const readiness = new Readiness(["demoData"]);
  stack = await startLocalStack({
    dataDir,
    port,
    ...(host ? { host } : {}),
    readiness,
    signal: aborter.signal,
    sesPort: Number(process.env.SES_PORT ?? 8005),
    // One short line per API request here; the functions' JSON lines are in .local/logs/.
    onRequest: (line) => console.log(line),
  });
  console.log(`Printhood is starting at ${stack.url}: seeding the demo data...`);
  /** After each seeding step: stop on Ctrl-C, or pause where PRINTHOOD_SEED_PAUSE_AFTER says. */
  const seeded = async (step: string, print = true) => {
    if (print) console.log(`seeded ${step}`);
    if (aborter.signal.aborted) throw new StartAborted();
    if (step === pauseAfter) {
      console.log(`seeding paused after ${step} (PRINTHOOD_SEED_PAUSE_AFTER)`);
      await new Promise(() => {});
    }
  };
  const { created } = await seedDemoData(stack.store, (step) => seeded(step));
  // Printers listed before printer numbers existed (data kept in .local/) get theirs now.
  await numberAllPrinters(stack.store);
  // The demo story (demo/story.ts): the demo accounts' orders, photos, messages, reviews, earnings and a
  // claim, told once; a start stopped half way through it finishes it. /api/health waits for it too.
  const storyStarted = Date.now();
  const story = await seedDemoStory(stack, (step, orderDone) => seeded(step, orderDone));
  if (story.seeded) console.log(`seeded the demo story: ${story.steps} steps in ${((Date.now() - storyStarted) / 1000).toFixed(1)} s`);
  readiness.done("demoData");
  printBanner(stack, created);
} catch (e) {
  await stack?.close().catch(() => {});
  // Ctrl-C during the start: what fails after it (requests to stand-ins being stopped) is no news.
  if (stopping || e instanceof StartAborted) process.exit(0);
  console.error(`Printhood could not start: ${describe(e)}`);
  process.exit(1);
}

/** One line: an expected failure says what to do; anything else also points at the details. */
function describe(e: unknown): string {
  if (e instanceof StartFailure) return e.message;
  const message = e instanceof Error ? e.message : String(e);
  let details = "";
  try {
    mkdirSync(dataDir, { recursive: true });
    const log = join(dataDir, "start-error.log");
    appendFileSync(log, `${new Date().toISOString()} ${e instanceof Error ? (e.stack ?? message) : message}\n\n`);
    details = ` (details in ${dataDirName(dataDir)}start-error.log)`;
  } catch {
    // the data folder itself is unusable: the hint below still applies
  }
  return `${message}${details}. If it happens again, ${resetHint(dataDir)}.`;
}

function printBanner(s: LocalStack, created: number) {
  console.log(`
Printhood is running at ${s.url}  (local mode${created ? `, ${created} demo records created` : ""})

Demo logins (password for all: ${DEMO_PASSWORD})
  customer       ${DEMO_CUSTOMER.email}
${DEMO_OWNERS.map((o) => `  printer owner  ${o.email}`).join("\n")}
  staff          ${DEMO_STAFF.email}  (console at ${s.url}/staff; sign-in also asks for a TOTP code:
                 add ${DEMO_STAFF_TOTP_URI}
                 to an authenticator app, or type the secret ${DEMO_STAFF.totpSecret})

E-mail inbox (local SES stand-in): ${s.inboxUrl}
Logs: one JSON file per function in ${dataDirName(dataDir)}logs/ (one line per API request below, with its reference)

Stand-ins: DynamoDB Local ${s.endpoints.dynamodb}, s3rver ${s.endpoints.s3},
           event bus ${s.endpoints.eventBus}, SES ${s.endpoints.ses}
Stripe:    stand-in at ${s.endpoints.stripe} (${process.env.STRIPE_SECRET_KEY?.startsWith("sk_test_local") ? "built-in test keys" : "keys from STRIPE_SECRET_KEY / STRIPE_WEBHOOK_SECRET"});
           test cards 4242 4242 4242 4242 (succeeds) and 4000 0000 0000 0002 (declined)
Data is kept in ${dataDirName(dataDir)}. Press Ctrl-C to stop.
`);
}
