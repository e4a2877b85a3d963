import type { EventBridgeClient } from "@aws-sdk/client-eventbridge";
import type { EventPublisher } from "@printhood/core/events/publisher";
import { EVENT_SOURCE } from "@printhood/core/events/rules";
import { getLogger, traceClient } from "./observability.ts";

export type { EventPublisher };

/**
 * EventBridge publisher. The endpoint comes from AWS_ENDPOINT_URL_EVENTBRIDGE in local mode. The
 * client is loaded on the first publish (reads never publish: a cold start need not load it).
 */
export function createEventPublisher(busName: string): EventPublisher {
  let sdk:
    | Promise<{ client: EventBridgeClient; PutEventsCommand: typeof import("@aws-sdk/client-eventbridge").PutEventsCommand }>
    | undefined;
  const load = () =>
    (sdk ??= import("@aws-sdk/client-eventbridge").then((m) => ({
      client: traceClient(new m.EventBridgeClient({ region: process.env.AWS_REGION ?? "us-east-1" })),
      PutEventsCommand: m.PutEventsCommand,
    })));
  return {
    async publish(detailType, detail) {
      const { client, PutEventsCommand } = await load();
      const out = await client.send(
        new PutEventsCommand({
          Entries: [{ EventBusName: busName, Source: EVENT_SOURCE, DetailType: detailType, Detail: JSON.stringify(detail) }],
        }),
      );
      if (out.FailedEntryCount) throw new Error(`EventBridge refused ${detailType}: ${out.Entries?.[0]?.ErrorMessage ?? "unknown error"}`);
      // The event's id joins this request's line to the consumers' lines (their `eventId`).
      getLogger().info("event published", { detailType, publishedEventId: out.Entries?.[0]?.EventId });
    },
  };
}
