import { EventBridgeClient, PutEventsCommand } from "@aws-sdk/client-eventbridge";
import type { EventPublisher } from "@printhood/core/events/publisher";
import { EVENT_SOURCE } from "@printhood/core/events/rules";

export type { EventPublisher };

/** EventBridge publisher. The endpoint comes from AWS_ENDPOINT_URL_EVENTBRIDGE in local mode. */
export function createEventPublisher(busName: string): EventPublisher {
  const client = new EventBridgeClient({ region: process.env.AWS_REGION ?? "us-east-1" });
  return {
    async publish(detailType, detail) {
      const out = await client.send(
        new PutEventsCommand({
          Entries: [{ EventBusName: busName, Source: EVENT_SOURCE, DetailType: detailType, Detail: JSON.stringify(detail) }],
        }),
      );
      if (out.FailedEntryCount) throw new Error(`EventBridge refused ${detailType}: ${out.Entries?.[0]?.ErrorMessage ?? "unknown error"}`);
    },
  };
}
