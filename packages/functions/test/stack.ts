import { type LocalStack, seedDemoData, startLocalStack } from "@printhood/local";
import { afterAll, beforeAll } from "vitest";

/**
 * One local stack for the calling test file: started before its tests (with the demo
 * data when `seed` is set) and closed after them. Returns a getter, as the stack only
 * exists once `beforeAll` has run.
 */
export function useStack({ seed = false }: { seed?: boolean } = {}): () => LocalStack {
  let stack: LocalStack | undefined;
  beforeAll(async () => {
    stack = await startLocalStack({ port: 0 });
    if (seed) await seedDemoData(stack.store);
  });
  afterAll(async () => {
    await stack?.close();
  });
  return () => {
    if (!stack) throw new Error("the local stack is not started yet (use it inside a test or hook)");
    return stack;
  };
}
