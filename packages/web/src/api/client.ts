import type { AppType } from "@printhood/api-types";
import { ERRORS, type ErrorCode } from "@printhood/core/shared/errors";
import { type ClientResponse, hc } from "hono/client";
import { markReachable, markUnreachable } from "../pwa/reachability";

/**
 * The API's typed client (docs/api.md "Using the API from the site"): paths, params, queries,
 * bodies and answers are checked against the server's route declarations, through the API's
 * declaration files (types only: no server code reaches the bundle). Same origin, with the
 * session cookie. Area modules call it through `call`, which parses every failure in one place.
 */
export const client = hc<AppType>("/", {
  headers: { Accept: "application/json" },
  init: { credentials: "same-origin" },
});

/** A path's `{id}`: hc puts params in the path as they are, so ids (any text, read from the address bar) are encoded here. */
export const byId = (id: string) => ({ param: { id: encodeURIComponent(id) } });

/**
 * A polled list's `{id}` (conversations, threads, the bell). Those routes declare the optional
 * If-None-Match header; the site leaves it to the browser, whose HTTP cache sends it and turns
 * the server's 304 back into the copy it kept (docs/api.md "Polling"), so `call` sees a 200.
 */
export const polled = (id: string) => ({ ...byId(id), header: {} });

/** Codes the site gives failures that carry no server code. */
export type ClientErrorCode =
  /** No readable error body: the message is "{status}: {body text or status text}". */
  | "http_error"
  /** No answer at all. */
  | "network_error"
  /** A successful answer that is not JSON. */
  | "invalid_response"
  /** An error body with a message but no code (or one the registry does not know). */
  | "error";

const isErrorCode = (code: unknown): code is ErrorCode => typeof code === "string" && Object.hasOwn(ERRORS, code);

/**
 * The one error the web's API calls throw. `message` is the server's `message` field when the
 * body has one, otherwise the spec's generic text "{status}: {body text or status text}".
 * `code` is the server's code (core's registry, `@printhood/core/shared/errors`), or one of the
 * site's own (`ClientErrorCode`).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | ClientErrorCode;
  /**
   * The request's reference (the API's `x-request-id`): failure toasts show it as "Reference: …", so a
   * person can quote it and the operators find the request's log lines by it (docs/operations.md).
   */
  readonly reference: string | undefined;

  /** The input field the server said the error is about (`password`), for a form to show the message under it. */
  readonly field: string | undefined;

  constructor(status: number, message: string, code: ErrorCode | ClientErrorCode, reference?: string, field?: string) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.reference = reference || undefined;
    this.field = field || undefined;
  }

  /** True when the message came from the server's error body (not a generic text). */
  get fromServer(): boolean {
    return this.code !== "http_error" && this.code !== "network_error" && this.code !== "invalid_response";
  }
}

/** `{ message, code }` (architecture rule 3), read without trusting it: any other body gets the generic text. */
function errorBody(text: string): { message: string; code: ErrorCode | "error"; field: string | undefined } | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof body !== "object" || body === null) return null;
  const { message, code, field } = body as { message?: unknown; code?: unknown; field?: unknown };
  if (typeof message !== "string" || !message) return null;
  return { message, code: isErrorCode(code) ? code : "error", field: typeof field === "string" ? field : undefined };
}

/** The header the API answers every request's reference in. */
export const REQUEST_ID_HEADER = "x-request-id";

/**
 * The message of `error` when the server said it is about `field`: a form shows it under that input
 * (instead of in the failure's toast: `saidUnderField`), so a person sees which field to change.
 */
export function fieldError(error: Error | null | undefined, field: string): string | undefined {
  return error instanceof ApiError && error.field === field ? error.message : undefined;
}

/**
 * Whether `error` is the server's refusal of one of `shownFields`, the fields its form says it
 * under: then the failure's toast keeps its title and gives its generic text, so the sentence is
 * on the page once (under the field, where it stays), not twice.
 */
export function saidUnderField(error: unknown, shownFields: readonly string[]): boolean {
  return error instanceof ApiError && !!error.field && shownFields.includes(error.field);
}

/** Parses a failed answer: the server's message and code, else "{status}: {body text or status text}"; and its reference. */
export async function errorFromResponse(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => "");
  const body = text ? errorBody(text) : null;
  const reference = res.headers.get(REQUEST_ID_HEADER) ?? undefined;
  if (body) return new ApiError(res.status, body.message, body.code, reference, body.field);
  return new ApiError(res.status, `${res.status}: ${text || res.statusText}`, "http_error", reference);
}

/**
 * Sends one typed request and returns its answer as the contract types it (the client's own
 * `.json()`). A failed answer, no answer, or a non-JSON success each throw an `ApiError`.
 *
 *   const draft = await call(client.api.drafts[":id"].$get(byId(id)));
 */
export async function call<T>(request: Promise<Response & { json(): Promise<T> }>): Promise<T> {
  let res: Response & { json(): Promise<T> };
  try {
    res = await request;
  } catch (cause) {
    console.error("An API request failed", cause);
    markUnreachable(); // the connection notice says so (src/pwa/reachability.ts)
    throw new ApiError(0, "Network error: could not reach the server.", "network_error");
  }
  markReachable();
  if (!res.ok) throw await errorFromResponse(res);
  const copy = res.clone();
  try {
    return await res.json();
  } catch {
    throw new ApiError(res.status, `${res.status}: ${await copy.text().catch(() => "")}`, "invalid_response");
  }
}

/**
 * `call` for a polled list: its route also declares the bodiless 304 (docs/api.md "Polling"),
 * which the browser's HTTP cache answers with the copy it kept, so the answer read is the 200's.
 */
export function callPolled<R extends ClientResponse<unknown, number, string>>(request: Promise<R>): Promise<OkBody<R>> {
  return call(request as Promise<Response & { json(): Promise<OkBody<R>> }>);
}

/** The body of a response union's 200. */
type OkBody<R> = R extends ClientResponse<infer T, 200, "json"> ? T : never;

/**
 * What a failure toast says: the error's message (the server's, or the generic
 * "{status}: {body text or status text}"), else `fallback`. With `serverOnly`, only a message the
 * server wrote is shown; generic texts give way to `fallback` (the owner's screens, spec 2 §8).
 */
export function failureText(error: unknown, fallback: string, { serverOnly = false }: { serverOnly?: boolean } = {}): string {
  if (error instanceof ApiError) return !serverOnly || error.fromServer ? error.message || fallback : fallback;
  return error instanceof Error && error.message && !serverOnly ? error.message : fallback;
}

/** The reference a failure toast shows ("Reference: …"), when the failure came from an API answer. */
export function referenceOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.reference : undefined;
}
