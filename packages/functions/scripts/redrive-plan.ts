import { parseArgs } from "node:util";
import { APP_NAME, deadLetterQueueName, deadLetterServices, EVENT_DELIVERY_SERVICE, functionName } from "@printhood/core";

/**
 * What `npm run ops:redrive -- QUEUE` replays and where (the SQS and Lambda calls are in
 * redrive.ts). Pure, so the offline tests read it whole.
 *
 * Why not SQS's StartMessageMoveTask: it moves messages back to the SQS queue they came from, and
 * ours came from no queue: a function's dead letters are invocations Lambda gave up on, and the
 * `events` queue holds events EventBridge could not deliver. So each letter is handed again to the
 * function it failed in (an asynchronous invoke, as EventBridge and S3 make), then deleted; if the
 * function fails again, Lambda's retries run and the letter comes back to its queue.
 */

export interface RedriveOptions {
  /** The queue's URL or name. */
  queue: string;
  /** Also its region (from the URL, else --region, else AWS_REGION, else us-east-1). */
  region: string;
  /** Letters to replay at most. */
  max: number;
  /** List what would be replayed; replay and delete nothing. */
  dryRun: boolean;
}

export const USAGE = `Usage: npm run ops:redrive -- QUEUE [--stage NAME] [--max N] [--dry-run] [--region REGION]

QUEUE is a dead-letter queue's URL, its name (prod-${APP_NAME}-notify-dlq), or with --stage its
short name: ${deadLetterServices().join(", ")}.`;

export const DEFAULT_MAX = 1000;

export function parseRedriveArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): RedriveOptions {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      stage: { type: "string" },
      region: { type: "string" },
      max: { type: "string" },
      "dry-run": { type: "boolean", default: false },
    },
  });
  if (positionals.length !== 1) throw new Error(`Name one queue.\n\n${USAGE}`);
  const max = values.max === undefined ? DEFAULT_MAX : Number(values.max);
  if (!Number.isInteger(max) || max < 1) throw new Error(`--max takes a whole number of letters, at least 1 (got "${values.max}")`);
  const queue = resolveQueue(positionals[0]!, values.stage);
  const region = regionOfQueueUrl(queue) ?? values.region ?? env.AWS_REGION ?? "us-east-1";
  return { queue, region, max, dryRun: values["dry-run"] ?? false };
}

/** A URL or a full name is taken as it is; a short name needs the stage (`notify` + `prod` → `prod-printhood-notify-dlq`). */
export function resolveQueue(queue: string, stage: string | undefined): string {
  if (/^https:\/\//.test(queue) || queue.endsWith("-dlq")) {
    describeQueue(queue); // refuses a queue that is not one of ours
    return queue;
  }
  if (!deadLetterServices().includes(queue)) {
    throw new Error(
      `"${queue}" is not a dead-letter queue of ours: name one of ${deadLetterServices().join(", ")}, its full name or its URL`,
    );
  }
  if (!stage) throw new Error(`Say which stage's "${queue}" queue: --stage NAME (e.g. --stage prod)`);
  return deadLetterQueueName(stage, queue);
}

/** `https://sqs.us-east-1.amazonaws.com/123/q` → `us-east-1`. */
export function regionOfQueueUrl(queue: string): string | undefined {
  return /^https:\/\/sqs\.([a-z0-9-]+)\.amazonaws\.com\//.exec(queue)?.[1];
}

/** A queue's stage and what fails into it, from its name (the last part of a URL). */
export function describeQueue(queue: string): { stage: string; service: string } {
  const name = queue.split("/").at(-1) ?? "";
  // Longest first: a service may end like another (`email-sweep` / `sweep`).
  for (const service of [...deadLetterServices()].sort((a, b) => b.length - a.length)) {
    const suffix = `-${APP_NAME}-${service}-dlq`;
    if (name.endsWith(suffix) && name.length > suffix.length) return { stage: name.slice(0, -suffix.length), service };
  }
  throw new Error(`"${name}" is not one of our dead-letter queues (STAGE-${APP_NAME}-SERVICE-dlq)`);
}

/** One received letter, as far as the plan reads it. */
export interface Letter {
  messageId: string;
  body: string;
  /** SQS message attributes' string values (EventBridge's dead letters carry RULE_ARN, TARGET_ARN, ERROR_CODE…). */
  attributes: Record<string, string>;
}

export type Replay = { to: string; payload: string } | { skip: string };

/**
 * Where one letter goes: a function's letter to that function; EventBridge's to the target it could
 * not reach (its TARGET_ARN), which must be one of the stage's functions.
 */
export function replayOf(queue: string, letter: Letter): Replay {
  const { stage, service } = describeQueue(queue);
  try {
    JSON.parse(letter.body);
  } catch {
    return { skip: "its body is not the JSON of an event" };
  }
  if (service !== EVENT_DELIVERY_SERVICE) return { to: functionName(stage, service), payload: letter.body };
  const target = letter.attributes.TARGET_ARN;
  if (!target) return { skip: "EventBridge did not say which target it could not reach (no TARGET_ARN)" };
  const name = /^arn:aws[a-z-]*:lambda:[a-z0-9-]+:\d{12}:function:([^:]+)/.exec(target)?.[1];
  if (!name?.startsWith(`${stage}-${APP_NAME}-`)) return { skip: `its target is not a function of stage ${stage}: ${target}` };
  return { to: name, payload: letter.body };
}
