import { PolicyStatement } from "aws-cdk-lib/aws-iam";
import { Duration } from "aws-cdk-lib/core";
import { Config, Cron, Function as SstFunction, type StackContext, use } from "sst/constructs";
import { EVENT_RULES, SCHEDULES } from "../packages/core/src/events/rules";
import { EVENT_DELIVERY_SERVICE, serviceOfHandler } from "../packages/core/src/ops/resources";
import { deadLetterQueue, observedFunction } from "./observability";
import { Storage } from "./Storage";
import { knownSiteOrigin, stageSettings } from "./stage";

/** The sender of Printhood's e-mails: a verified SES identity (set PRINTHOOD_EMAIL_FROM when deploying). */
export const DEFAULT_EMAIL_FROM = "Printhood <no-reply@printhood.app>";

/** "rate(1 minute)", "rate(5 minutes)" for a schedule's period. */
export const rateOf = (minutes: number) => `rate(${minutes} minute${minutes === 1 ? "" : "s"})` as const;

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
export function Events({ stack, app }: StackContext) {
  const { table, bus, environment, STRIPE_SECRET_KEY } = use(Storage);
  const settings = stageSettings(app.stage);

  // Events EventBridge could not hand to a consumer after its retries land here instead of being dropped.
  const deliveryDeadLetters = deadLetterQueue(stack, settings, EVENT_DELIVERY_SERVICE);

  // The e-mail sender is a parameter of the deploy (a verified SES identity), not code.
  const EMAIL_FROM = new Config.Parameter(stack, "EMAIL_FROM", { value: process.env.PRINTHOOD_EMAIL_FROM?.trim() || DEFAULT_EMAIL_FROM });
  // SES SendEmail on the account's verified identities only (the sender's domain or address).
  const sendEmail = new PolicyStatement({
    actions: ["ses:SendEmail"],
    resources: [`arn:aws:ses:${stack.region}:${stack.account}:identity/*`],
  });

  const consumers = new Map<string, SstFunction>();
  const emailSenders = new Set<SstFunction>();
  const consumerFor = (handler: string, sendsEmail = false): SstFunction => {
    let fn = consumers.get(handler);
    if (!fn) {
      const service = serviceOfHandler(handler);
      const observed = observedFunction(stack, settings, service);
      fn = new SstFunction(stack, consumerId(handler), {
        handler,
        ...observed,
        // Invoked asynchronously (rules, schedules): what still fails after Lambda's retries waits here.
        deadLetterQueue: deadLetterQueue(stack, settings, service),
        // Consumers are idempotent (events arrive at least once): retries are safe.
        retryAttempts: CONSUMER_RETRY_ATTEMPTS,
        timeout: 30,
        bind: [table, bus, STRIPE_SECRET_KEY, EMAIL_FROM],
        prefetchSecrets: true,
        environment: {
          ...environment,
          ...observed.environment,
          // Same names as local mode (packages/local/src/stack.ts); links in e-mails need the
          // site's address, known at synth time only with a custom domain (stacks/Web.ts).
          EMAIL_FROM: EMAIL_FROM.value,
          SITE_URL: knownSiteOrigin() ?? "",
        },
      });
      consumers.set(handler, fn);
    }
    if (sendsEmail && !emailSenders.has(fn)) {
      fn.attachPermissions([sendEmail]);
      emailSenders.add(fn);
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
              function: consumerFor(rule.handler, rule.sendsEmail),
              target: {
                retryAttempts: TARGET_RETRY_ATTEMPTS,
                maxEventAge: Duration.hours(2),
                deadLetterQueue: deliveryDeadLetters,
              },
            },
          },
        },
      },
    });
  }

  // Clock-driven work from the same module (rule 8); local mode runs these on timers.
  const crons = SCHEDULES.map(
    (schedule) =>
      new Cron(stack, `Schedule_${schedule.id}`, {
        schedule: rateOf(schedule.everyMinutes),
        job: consumerFor(schedule.handler, schedule.sendsEmail),
      }),
  );

  return { consumers, deadLetterQueue: deliveryDeadLetters, crons, EMAIL_FROM };
}
