/**
 * What the measuring scripts (bench:api, audit:web) need before they measure: the demo customer
 * signed in and one submitted order of theirs, made through the API as the site makes it
 * (presigned upload, the server's analysis, a draft, submit-order).
 */
import { boxStl } from "../../functions/test/stl.ts";
import { DEMO_CUSTOMER, DEMO_PASSWORD } from "../src/seed.ts";

/**
 * The body of POST /api/save-draft for a demo design: PLA in black, 0.2 mm at 20 % infill,
 * supports as needed, one colour. The journeys (e2e/) and the measuring scripts save their drafts
 * with it; `extra` sets what a caller needs otherwise (delivery, notes, a printer, the quote).
 */
export function demoDraft(uploadId: string, extra: Record<string, unknown> = {}) {
  return {
    uploadId,
    material: "PLA",
    filamentColor: "Black",
    deliveryMethod: "pickup",
    specialInstructions: "",
    printSettings: { quality: 0.2, infill: 20, supports: "auto", numberOfColors: 1, printTimeMinutes: 60 },
    status: "draft",
    ...extra,
  };
}

export function cookieOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .filter((c) => c.startsWith("ph_session="))
    .join("; ");
}

/** One API call with the session cookie and the site's Origin; any non-2xx answer throws with its text. */
export async function call(base: string, method: string, path: string, cookie: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { origin: base, cookie, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 200)}`);
  return { res, json: JSON.parse(text) as Record<string, unknown> };
}

/**
 * Signs the demo customer in and submits a pickup order of a 40 × 30 × 20 mm box to Maria's Prusa
 * (unpaid: what /checkout shows). `idle` waits for the local stack's background work (the analysis).
 */
export async function demoCustomerWithOrder(base: string, idle: () => Promise<void>, fileName: string) {
  const login = await call(base, "POST", "/api/login", "", { email: DEMO_CUSTOMER.email, password: DEMO_PASSWORD });
  const cookie = cookieOf(login.res);
  const userId = String((login.json as { id: string }).id);
  const bytes = boxStl(40, 30, 20);
  const upload = (await call(base, "POST", "/api/uploads", cookie, { fileName, size: bytes.length })).json as {
    uploadId: string;
    url: string;
    fields: Record<string, string>;
  };
  const form = new FormData();
  for (const [k, v] of Object.entries(upload.fields)) form.append(k, v);
  form.append("file", new Blob([bytes as Uint8Array<ArrayBuffer>]), fileName);
  const s3 = await fetch(upload.url, { method: "POST", body: form });
  if (s3.status >= 300) throw new Error(`the upload answered ${s3.status}`);
  await idle();
  const draft = await call(base, "POST", "/api/save-draft", cookie, demoDraft(upload.uploadId));
  const printers = (await call(base, "GET", "/api/printers", "")).json as unknown as { id: string; name: string }[];
  const printer = printers.find((p) => p.name === "Maria's Prusa") ?? printers[0];
  if (!printer) throw new Error("no demo printer");
  const order = await call(base, "POST", "/api/submit-order", cookie, {
    printerId: printer.id,
    draftId: draft.json.jobId,
    filamentColor: "Black",
    deliveryMethod: "pickup",
  });
  await idle();
  return { cookie, userId, orderId: String(order.json.orderId) };
}
