/**
 * The names of what each stage deploys that people and tools look up by name: functions, their
 * log groups and their dead-letter queues. Read by the stacks (which create them), by
 * `npm run ops:redrive` (which finds a queue and its function) and by the runbook's commands,
 * so a name is written once (architecture rule 8). Names start with the stage, so stages in one
 * account never collide.
 */
import { EVENT_RULES, SCHEDULES } from "../events/rules.ts";

export const APP_NAME = "printhood";

/** The API's function and the analysis function; each event consumer is named after its file (`serviceOfHandler`). */
export const API_SERVICE = "api";
export const ANALYSIS_SERVICE = "analysis";
/** The photo function (checks, strips and resizes uploaded photos: functions/src/photos). */
export const PHOTOS_SERVICE = "photos";
/** The queue of events EventBridge could not deliver to any consumer (a rule target's dead-letter queue). */
export const EVENT_DELIVERY_SERVICE = "events";

/** Lambda's limit on a function's name. */
const MAX_FUNCTION_NAME = 64;

/** `packages/functions/src/events/notify.handler` → `notify`. */
export function serviceOfHandler(handler: string): string {
  const file = handler.slice(0, handler.lastIndexOf(".")).split("/").at(-1) ?? "";
  if (!/^[a-z][a-z0-9-]*$/.test(file)) throw new Error(`Handler "${handler}" does not name a service (file names are kebab-case)`);
  return file;
}

/** `prod-printhood-notify`. */
export function functionName(stage: string, service: string): string {
  const name = `${stage}-${APP_NAME}-${service}`;
  if (name.length > MAX_FUNCTION_NAME) {
    throw new Error(`The function name "${name}" is longer than Lambda's ${MAX_FUNCTION_NAME} characters: use a shorter stage name`);
  }
  return name;
}

/** `/printhood/prod/notify`: where a function's lines go (every log group has a retention: stacks/stage.ts). */
export const logGroupName = (stage: string, service: string) => `/${APP_NAME}/${stage}/${service}`;

/** `prod-printhood-notify-dlq`: the invocations a function failed after Lambda's retries. */
export const deadLetterQueueName = (stage: string, service: string) => `${functionName(stage, service)}-dlq`;

/** Every function of ours, by service: the API, the analysis and one per consumer (rules and schedules). */
export function functionServices(): string[] {
  const consumers = [...EVENT_RULES, ...SCHEDULES].map((r) => serviceOfHandler(r.handler));
  return [...new Set([API_SERVICE, ANALYSIS_SERVICE, PHOTOS_SERVICE, ...consumers])];
}

/** Every dead-letter queue: one per asynchronous function (all but the API) and EventBridge's undelivered events. */
export function deadLetterServices(): string[] {
  return [...functionServices().filter((s) => s !== API_SERVICE), EVENT_DELIVERY_SERVICE];
}
