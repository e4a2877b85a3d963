import * as sqs from "aws-cdk-lib/aws-sqs";
import { Duration } from "aws-cdk-lib/core";
import { Cron, Function as SstFunction, type StackContext, use } from "sst/constructs";
import { EVENT_RULES, SCHEDULES } from "../packages/core/src/events/rules";
import { Storage } from "./Storage";

/** Turns "packages/functions/src/events/notify.handler" into "Consumer_events_notify_handler". */
export function consumerId(handler: string): string {
  const rel = handler.replace(/^packages\/functions\/src\//, "");
  return `Consumer_${rel.replace(/[^A-Za-z0-9]+/g, "_")}`;
}

/** EventBridge's own retry policy for a rule target (delivery to Lambda). */
export const TARGET_RETRY_ATTEMPTS = 3;
/** Lambda's async-invoke retries when a consumer throws (max 2). */
export const CONSUMER_RETRY_ATTEMPTS = 2;

/**
 * Events: the EventBridge rules generated from packages/core/src/events/rules.ts (DESIGN rule 8:
 * the same list drives packages/local's bus) and their consumer functions.
 *
 * The bus itself is created in Storage (see the comment there: the analysis function next to the
 * bucket publishes to it, and a bus here would make a Storage ⇄ Events cycle). The rules are
 * created in *this* stack's scope, so this stack depends on Storage and never the reverse.
 *
 * One Lambda per distinct handler path: several rules may route to the same consumer
 * (e.g. notify for job status and for messages), each rule adds itself as a trigger.
 */
export function Events({ stack }: StackContext) {
  const { table, bus, environment, STRIPE_SECRET_KEY } = use(Storage);

  // Events that still fail after EventBridge's retries land here instead of being dropped.
  const deadLetterQueue = new sqs.Queue(stack, "ConsumerDeadLetterQueue", {
    retentionPeriod: Duration.days(14),
  });

  const consumers = new Map<string, SstFunction>();
  const consumerFor = (handler: string): SstFunction => {
    let fn = consumers.get(handler);
    if (!fn) {
      fn = new SstFunction(stack, consumerId(handler), {
        handler,
        // Consumers are idempotent (events arrive at least once): retries are safe.
        retryAttempts: CONSUMER_RETRY_ATTEMPTS,
        timeout: 30,
        bind: [table, bus, STRIPE_SECRET_KEY],
        prefetchSecrets: true,
        environment,
      });
      consumers.set(handler, fn);
    }
    return fn;
  };

  for (const rule of EVENT_RULES) {
    bus.addRules(stack, {
      [rule.id]: {
        pattern: {
          source: [...rule.pattern.source],
          detailType: [...rule.pattern["detail-type"]],
        },
        targets: {
          consumer: {
            cdk: {
              function: consumerFor(rule.handler),
              target: {
                retryAttempts: TARGET_RETRY_ATTEMPTS,
                maxEventAge: Duration.hours(2),
                deadLetterQueue,
              },
            },
          },
        },
      },
    });
  }

  // Work on a clock (the expiry sweep): one scheduled rule and function per SCHEDULES entry, the
  // same list local mode runs on timers.
  const schedules = new Map<string, Cron>();
  for (const schedule of SCHEDULES) {
    const cron = new Cron(stack, `Schedule_${schedule.id}`, {
      schedule: `rate(${schedule.everyMinutes} ${schedule.everyMinutes === 1 ? "minute" : "minutes"})`,
      job: {
        function: {
          handler: schedule.handler,
          timeout: 120,
          bind: [table, bus, STRIPE_SECRET_KEY],
          prefetchSecrets: true,
          environment,
        },
      },
    });
    schedules.set(schedule.id, cron);
  }

  return { consumers, deadLetterQueue, schedules };
}
