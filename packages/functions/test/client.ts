import { fetchFrom, freshLoopbackAddress } from "@printhood/local";

/**
 * A tiny HTTP client for API tests: real requests to the running local stack, with a
 * cookie jar and the site's Origin header (as the browser sends on state-changing calls).
 * Each client connects from its own loopback address, as separate people would: the API
 * limits sign-ins and sign-ups per client address.
 */
export class TestClient {
  private cookies = new Map<string, string>();
  constructor(
    readonly baseUrl: string,
    private origin: string | null = baseUrl,
    readonly address: string = freshLoopbackAddress(),
  ) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const h: Record<string, string> = { ...headers };
    if (this.origin && method !== "GET") h.origin = this.origin;
    if (body !== undefined && !h["content-type"]) h["content-type"] = "application/json";
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await fetchFrom(this.address, this.baseUrl + path, {
      method,
      headers: h,
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const [k, ...v] = (pair ?? "").split("=");
      const value = v.join("=");
      if (!k) continue;
      if (!value || /max-age=0/i.test(c)) this.cookies.delete(k.trim());
      else this.cookies.set(k.trim(), value);
    }
    const text = await res.text();
    // biome-ignore lint/suspicious/noExplicitAny: tests read any answer, error bodies included, and assert on its fields
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, json, text, headers: res.headers };
  }
  get = (path: string) => this.request("GET", path);
  post = (path: string, body?: unknown, headers?: Record<string, string>) => this.request("POST", path, body, headers);
  put = (path: string, body?: unknown) => this.request("PUT", path, body);
  del = (path: string) => this.request("DELETE", path);
  cookie = (name: string) => this.cookies.get(name);
}

let counter = 0;
/** A fresh, valid registration payload (unique per call). */
export function newUser(over: Record<string, unknown> = {}) {
  const n = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { username: `user_${n}`, email: `user_${n}@example.com`, password: "correct horse battery", ...over };
}

/** A valid POST /api/printers body: a Prusa in Loveland taking PLA, named `name`, with `over` on top. */
export function newPrinter(name: string, over: Record<string, unknown> = {}) {
  return {
    name,
    model: "Prusa i3 MK3S+",
    location: "Loveland, CO",
    buildVolumeX: 250,
    buildVolumeY: 210,
    buildVolumeZ: 210,
    materials: ["PLA"],
    pricePerGram: 0.02,
    ...over,
  };
}
