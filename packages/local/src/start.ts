import { join } from "node:path";
import { numberAllPrinters } from "@printhood/core";
import { REPO_ROOT } from "./paths.ts";
import { DEMO_CUSTOMER, DEMO_OWNERS, DEMO_PASSWORD, seedDemoData } from "./seed.ts";
import { startLocalStack } from "./stack.ts";

/** `npm start`: the whole product on one machine, data kept under .local/ across restarts. */
const port = Number(process.env.PORT ?? 3000);
const stack = await startLocalStack({ dataDir: join(REPO_ROOT, ".local"), port, sesPort: Number(process.env.SES_PORT ?? 8005) });
const { seeded } = await seedDemoData(stack.store);
// Printers listed before printer numbers existed (data kept in .local/) get theirs now.
await numberAllPrinters(stack.store);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping Printhood...`);
  await stack.close();
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGHUP", () => void stop("SIGHUP"));

console.log(`
Printhood is running at ${stack.url}  (local mode${seeded ? ", demo data seeded" : ""})

Demo logins (password for all: ${DEMO_PASSWORD})
  customer       ${DEMO_CUSTOMER.email}
${DEMO_OWNERS.map((o) => `  printer owner  ${o.email}`).join("\n")}

E-mail inbox (local SES stand-in): ${stack.inboxUrl}

Stand-ins: DynamoDB Local ${stack.endpoints.dynamodb}, s3rver ${stack.endpoints.s3},
           event bus ${stack.endpoints.eventBus}, SES ${stack.endpoints.ses}
Stripe:    stand-in at ${stack.endpoints.stripe} (${process.env.STRIPE_SECRET_KEY?.startsWith("sk_test_local") ? "built-in test keys" : "keys from STRIPE_SECRET_KEY / STRIPE_WEBHOOK_SECRET"});
           test cards 4242 4242 4242 4242 (succeeds) and 4000 0000 0000 0002 (declined)
Data is kept in .local/. Press Ctrl-C to stop.
`);
