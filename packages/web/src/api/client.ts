import type { z } from "zod";
import { errorBodySchema } from "./schemas";

/**
 * The one error the web's API calls throw. `message` is the server's `message` field when the
 * body has one, otherwise the spec's generic text "{status}: {body text or status text}".
 * `code` is the server's code, or one of: "http_error" (no readable error body),
 * "network_error" (no answer at all), "invalid_response" (an answer of the wrong shape).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, message: string, code: string) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
  }

  /** True when the message came from the server's error body (not a generic text). */
  get fromServer(): boolean {
    return this.code !== "http_error" && this.code !== "network_error" && this.code !== "invalid_response";
  }
}

export interface ApiInit<T> extends Omit<RequestInit, "body"> {
  /** Sent as JSON with the matching Content-Type. */
  json?: unknown;
  body?: BodyInit | null;
  /** When given, the answer is checked against it. */
  schema?: z.ZodType<T>;
}

async function errorFromResponse(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => "");
  if (text) {
    try {
      const parsed = errorBodySchema.safeParse(JSON.parse(text));
      if (parsed.success) return new ApiError(res.status, parsed.data.message, parsed.data.code ?? "error");
    } catch {
      // not JSON: fall through to the generic text
    }
  }
  return new ApiError(res.status, `${res.status}: ${text || res.statusText}`, "http_error");
}

/** Calls the API on the same origin with the session cookie and returns the JSON answer. */
export async function api<T>(path: string, init: ApiInit<T> = {}): Promise<T> {
  const { json, schema, headers: extraHeaders, body, ...rest } = init;
  const headers = new Headers(extraHeaders);
  if (!headers.has("Accept")) headers.set("Accept", "application/json");
  let requestBody: BodyInit | null | undefined = body;
  if (json !== undefined) {
    headers.set("Content-Type", "application/json");
    requestBody = JSON.stringify(json);
  }

  let res: Response;
  try {
    res = await fetch(path, { credentials: "same-origin", ...rest, headers, body: requestBody });
  } catch (cause) {
    console.error(`Request to ${path} failed`, cause);
    throw new ApiError(0, "Network error: could not reach the server.", "network_error");
  }

  if (!res.ok) throw await errorFromResponse(res);

  const text = await res.text();
  let data: unknown;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      throw new ApiError(res.status, `${res.status}: ${text}`, "invalid_response");
    }
  }
  if (!schema) return data as T;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    console.error(`Unexpected answer from ${path}`, parsed.error);
    throw new ApiError(res.status, `${res.status}: Unexpected response from the server`, "invalid_response");
  }
  return parsed.data;
}

/**
 * What a failure toast says: the error's message (the server's, or the generic
 * "{status}: {body text or status text}"), else `fallback`. With `serverOnly`, only a message the
 * server wrote is shown; generic texts give way to `fallback` (the owner's screens, spec 2 §8).
 */
export function failureText(error: unknown, fallback: string, { serverOnly = false }: { serverOnly?: boolean } = {}): string {
  if (error instanceof ApiError) return !serverOnly || error.fromServer ? error.message || fallback : fallback;
  return error instanceof Error && error.message && !serverOnly ? error.message : fallback;
}
