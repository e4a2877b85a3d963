import { startLocalStack } from "@printhood/local";
import { describe, expect, it } from "vitest";
import { consumerDeps } from "../src/events/consumer-deps.ts";
import { perEnvironment } from "../src/lib/env.ts";
import { orderDepsFromEnv } from "../src/lib/order-deps.ts";
import { storeFromEnv } from "../src/lib/store.ts";

/**
 * The functions build their clients from the environment once per container (a Lambda's never
 * changes); a process that starts a second local stack gets clients for the second stack, not
 * the first's closed stand-ins (the schedules and consumers run in local mode's process).
 */
describe("clients built from the environment", () => {
  it("are built once per environment and again when it changes", () => {
    let builds = 0;
    const get = perEnvironment(() => ++builds);
    const before = process.env.TABLE_NAME;
    try {
      process.env.TABLE_NAME = "one";
      expect([get(), get()]).toEqual([1, 1]);
      process.env.TABLE_NAME = "two";
      expect([get(), get()]).toEqual([2, 2]);
    } finally {
      if (before === undefined) delete process.env.TABLE_NAME;
      else process.env.TABLE_NAME = before;
    }
  });

  it("follow a second local stack started in the same process", async () => {
    // Reads through every store a schedule or consumer uses: each answers from the running stack.
    const read = async () => {
      for (const store of [storeFromEnv(), orderDepsFromEnv().store, consumerDeps().store]) {
        await store.entities.counters.get({ name: "seq#order" }).go();
        await store.client.send(
          new (await import("@aws-sdk/lib-dynamodb")).GetCommand({ TableName: store.table, Key: { pk: "x", sk: "y" } }),
        );
      }
    };
    const first = await startLocalStack({ port: 0 });
    try {
      await read();
    } finally {
      await first.close();
    }
    const second = await startLocalStack({ port: 0 });
    try {
      await read();
    } finally {
      await second.close();
    }
  }, 120_000);
});
