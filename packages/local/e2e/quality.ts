import type { LocalStack } from "../src/index.ts";
import { DEMO_STAFF, passQualityTest } from "../src/index.ts";

/**
 * A printer a journey lists passes the quality test the way the demo printers do
 * (src/quality-tests.ts `passQualityTest`: the owner's two photos through the bucket and the
 * processing, the measurements, the demo staff member's approval with its audit line).
 */
export async function passTestAsDemoStaff(stack: LocalStack, printerId: string): Promise<void> {
  const { data } = await stack.store.entities.uniques.get({ kind: "email", value: DEMO_STAFF.email }).go({ consistent: true });
  if (!data) throw new Error("the demo staff member is missing (seedDemoData)");
  await passQualityTest(stack.store, { id: data.userId, email: DEMO_STAFF.email }, printerId);
}
