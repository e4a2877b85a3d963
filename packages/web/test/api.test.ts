import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, byId, call, client } from "../src/api/client";
import { customer, jobFixture } from "./fixtures";

function stubFetch(response: Response | Error) {
  const fn = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
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

describe("call(client…)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends JSON with the session cookie to the declared path and returns the typed answer", async () => {
    const fetchMock = stubFetch(new Response(JSON.stringify(customer), { status: 200 }));
    const user = await call(client.api.login.$post({ json: { email: "ada@example.com", password: "secret-pass" } }));
    expect(user.username).toBe("ada");
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe("/api/login");
    expect(init?.method).toBe("POST");
    expect(init?.credentials).toBe("same-origin");
    expect(init?.body).toBe('{"email":"ada@example.com","password":"secret-pass"}');
    expect(new Headers(init?.headers).get("Content-Type")).toBe("application/json");
    expect(new Headers(init?.headers).get("Accept")).toBe("application/json");
  });

  it("encodes path ids, so an id from the address bar stays one path segment", async () => {
    const fetchMock = stubFetch(new Response(JSON.stringify(jobFixture()), { status: 200 }));
    await call(client.api.drafts[":id"].$get(byId("../printers?x=1")));
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/drafts/..%2Fprinters%3Fx%3D1");
  });

  it("keeps the request's reference (x-request-id) of a failed answer", async () => {
    stubFetch(
      new Response(JSON.stringify({ message: "Something went wrong.", code: "internal" }), {
        status: 500,
        headers: { "x-request-id": "d360dbfc-764a-45cb" },
      }),
    );
    const error = await failure(call(client.api.auth.user.$get()));
    expect(error).toMatchObject({ status: 500, code: "internal", reference: "d360dbfc-764a-45cb" });
    stubFetch(new Response("", { status: 502 }));
    expect((await failure(call(client.api.auth.user.$get()))).reference).toBeUndefined();
  });

  it("uses the server's message and code", async () => {
    stubFetch(new Response(JSON.stringify({ message: "Invalid email or password.", code: "invalid_credentials" }), { status: 401 }));
    const error = await failure(call(client.api.auth.user.$get()));
    expect(error).toMatchObject({ status: 401, message: "Invalid email or password.", code: "invalid_credentials" });
    expect(error.fromServer).toBe(true);
  });

  it("keeps the server's message when its code is not one of the registry's", async () => {
    stubFetch(new Response(JSON.stringify({ message: "Slow down." }), { status: 429 }));
    const error = await failure(call(client.api.stats.$get()));
    expect(error).toMatchObject({ status: 429, message: "Slow down.", code: "error" });
    expect(error.fromServer).toBe(true);
  });

  it("falls back to '{status}: {body text}' and then '{status}: {status text}'", async () => {
    stubFetch(new Response("upstream timed out", { status: 502, statusText: "Bad Gateway" }));
    expect((await failure(call(client.api.stats.$get()))).message).toBe("502: upstream timed out");
    stubFetch(new Response("", { status: 503, statusText: "Service Unavailable" }));
    const error = await failure(call(client.api.stats.$get()));
    expect(error).toMatchObject({ message: "503: Service Unavailable", code: "http_error" });
    expect(error.fromServer).toBe(false);
  });

  it("turns a network failure into an ApiError", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    stubFetch(new TypeError("Failed to fetch"));
    expect(await failure(call(client.api.stats.$get()))).toMatchObject({ status: 0, code: "network_error" });
  });

  it("refuses a successful answer that is not JSON", async () => {
    stubFetch(new Response("<html>maintenance</html>", { status: 200 }));
    expect(await failure(call(client.api.stats.$get()))).toMatchObject({
      code: "invalid_response",
      message: "200: <html>maintenance</html>",
    });
  });
});
