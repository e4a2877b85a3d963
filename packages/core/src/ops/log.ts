/**
 * Core's logging port. Core imports no logging library and no Lambda types (docs/architecture.md,
 * "Layers"), yet a few things it does must be reported: an event not published after its write, a
 * stored design that no longer matches its analysis, a payment that could not be released. They go
 * through `log`. packages/functions wires the sink to Powertools Logger
 * (`packages/functions/src/lib/observability.ts`), so in a Lambda or in local mode these lines carry
 * the request id, the event id and the user id of the work in progress like every other line.
 * Unwired (scripts, the seed, a unit test), each line is one JSON object on stderr.
 *
 * Never pass a password, a session token, a card number, a secret, an e-mail address or a message's
 * text as a field (the functions' sink also scrubs them, but a field should never need it).
 */
export type LogLevel = "debug" | "info" | "warn" | "error";
export type LogFields = Record<string, unknown>;
export type LogSink = (level: LogLevel, message: string, fields: LogFields) => void;

/** An Error as JSON (JSON.stringify of an Error is `{}`). */
function plain(value: unknown): unknown {
  return value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value;
}

/** The default sink: one JSON line on stderr. */
export const jsonToStderr: LogSink = (level, message, fields) => {
  const line: LogFields = { level: level.toUpperCase(), message, timestamp: new Date().toISOString() };
  for (const [key, value] of Object.entries(fields)) line[key] = plain(value);
  process.stderr.write(`${JSON.stringify(line)}\n`);
};

let sink: LogSink = jsonToStderr;

/** Sends core's log lines to `next` from now on; answers the sink it replaces. */
export function setLogSink(next: LogSink): LogSink {
  const previous = sink;
  sink = next;
  return previous;
}

export const log = {
  debug: (message: string, fields: LogFields = {}) => sink("debug", message, fields),
  info: (message: string, fields: LogFields = {}) => sink("info", message, fields),
  warn: (message: string, fields: LogFields = {}) => sink("warn", message, fields),
  error: (message: string, fields: LogFields = {}) => sink("error", message, fields),
};
