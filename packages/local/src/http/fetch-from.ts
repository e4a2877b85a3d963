import { request } from "node:http";

/**
 * fetch() from a chosen local address: tests act as many clients (the API limits requests per
 * client address, read from the socket) by connecting from different loopback addresses.
 * Linux routes all of 127.0.0.0/8 to loopback; macOS only 127.0.0.1 unless aliased
 * (`sudo ifconfig lo0 alias 127.1.0.1`).
 */
export function fetchFrom(
  localAddress: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Uint8Array | undefined } = {},
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? "GET", headers: init.headers, localAddress, family: 4 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", reject);
      res.on("end", () => {
        const headers = new Headers();
        for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) headers.append(res.rawHeaders[i] ?? "", res.rawHeaders[i + 1] ?? "");
        const status = res.statusCode ?? 500;
        const empty = status === 204 || status === 205 || status === 304;
        resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers }));
      });
    });
    req.on("error", reject);
    if (init.body !== undefined) req.write(init.body);
    req.end();
  });
}

let used = 0;
/** A loopback address no other client of this process has used (127.1.0.1, 127.1.0.2, …; never .0 or .255). */
export function freshLoopbackAddress(): string {
  const n = used++;
  return `127.${1 + Math.floor(n / (254 * 256))}.${Math.floor(n / 254) % 256}.${(n % 254) + 1}`;
}
