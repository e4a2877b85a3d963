import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api } from "../src/api/client";
import { statsSchema } from "../src/api/schemas";

function stubFetch(response: Response | Error) {
  const fn = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal("fetch", fn);
  return fn;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("expected the call to fail");
}

describe("api()", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends JSON with the session cookie and returns the parsed answer", async () => {
    const fetchMock = stubFetch(new Response(JSON.stringify({ ok: true }), { status: 200 }));
    await expect(api("/api/thing", { method: "POST", json: { a: 1 } })).resolves.toEqual({ ok: true });
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe("/api/thing");
    expect(init.credentials).toBe("same-origin");
    expect(init.body).toBe('{"a":1}');
    expect(new Headers(init.headers).get("Content-Type")).toBe("application/json");
  });

  it("uses the server's message and code", async () => {
    stubFetch(new Response(JSON.stringify({ message: "Invalid email or password.", code: "invalid_credentials" }), { status: 401 }));
    const error = await failure(api("/api/login"));
    expect(error).toMatchObject({ status: 401, message: "Invalid email or password.", code: "invalid_credentials" });
    expect(error.fromServer).toBe(true);
  });

  it("falls back to '{status}: {body text}' and then '{status}: {status text}'", async () => {
    stubFetch(new Response("upstream timed out", { status: 502, statusText: "Bad Gateway" }));
    expect((await failure(api("/api/x"))).message).toBe("502: upstream timed out");
    stubFetch(new Response("", { status: 503, statusText: "Service Unavailable" }));
    const error = await failure(api("/api/x"));
    expect(error.message).toBe("503: Service Unavailable");
    expect(error.fromServer).toBe(false);
  });

  it("turns a network failure into an ApiError", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    stubFetch(new TypeError("Failed to fetch"));
    expect(await failure(api("/api/x"))).toMatchObject({ status: 0, code: "network_error" });
  });

  it("checks the answer against a schema", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    stubFetch(new Response(JSON.stringify({ printersNearby: "many" }), { status: 200 }));
    expect(await failure(api("/api/stats", { schema: statsSchema }))).toMatchObject({ code: "invalid_response" });
  });
});
