import { randomUUID } from "node:crypto";
import type { EventEnvelope } from "@printhood/core";

/** The envelope EventBridge delivers (the same one twice is what "at least once" means). */
export function envelope(detailType: string, detail: Record<string, unknown>): EventEnvelope {
  return {
    version: "0",
    id: randomUUID(),
    "detail-type": detailType,
    source: "printhood",
    account: "000000000000",
    time: new Date().toISOString().replace(/\.\d{3}Z$/, "Z"),
    region: "us-east-1",
    resources: [],
    detail,
  };
}
