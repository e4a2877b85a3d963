import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { grantStaff, writeStaffAction } from "@printhood/core";
import { describe, expect, it } from "vitest";
import { newUser, TestClient } from "./client.ts";
import { signIn } from "./orders.ts";
import { useStack } from "./stack.ts";
import { staffSignedIn, totpNow } from "./staff.ts";

const stack = useStack({ seed: true });
const client = () => new TestClient(stack().url);

/** What a path that does not exist answers: the staff side must look exactly like it to anyone else. */
async function missingAnswer(c: TestClient) {
  const res = await c.get("/api/no-such-place");
  expect(res.status).toBe(404);
  return res.json;
}

describe("staff sign-in with TOTP", () => {
  it("refuses a staff account without a code or with a wrong one, in words, and lets it in with the right one, once", async () => {
    const c = client();
    const payload = newUser();
    await c.post("/api/register", payload);
    await c.post("/api/logout");
    const { secret } = await grantStaff(stack().store, payload.email);

    const without = await c.post("/api/login", { email: payload.email, password: payload.password });
    expect(without.status).toBe(401);
    expect(without.json).toEqual({
      code: "totp_required",
      message: "This is a staff account: enter the 6-digit code from your authenticator app to sign in.",
      field: "totp",
    });
    expect(c.cookie("ph_session")).toBeUndefined();

    const right = await totpNow(secret);
    const wrong = right === "000000" ? "111111" : "000000";
    const bad = await c.post("/api/login", { email: payload.email, password: payload.password, totp: wrong });
    expect(bad.status).toBe(401);
    expect(bad.json.code).toBe("totp_invalid");
    // A right code with a wrong password is still a wrong password.
    const badPassword = await c.post("/api/login", { email: payload.email, password: "not the password", totp: right });
    expect(badPassword.json.code).toBe("invalid_credentials");

    const ok = await c.post("/api/login", { email: payload.email, password: payload.password, totp: right });
    expect(ok.status).toBe(200);
    expect(ok.json.isStaff).toBe(true);
    expect(ok.json).not.toHaveProperty("totpSecret");
    expect((await c.get("/api/staff/audit")).status).toBe(200);

    // The same code again (someone who saw it): refused, even on another browser.
    const replay = await client().post("/api/login", { email: payload.email, password: payload.password, totp: right });
    expect(replay.status).toBe(401);
    expect(replay.json.code).toBe("totp_invalid");
  });

  it("leaves other accounts' sign-in as it was, with or without a code", async () => {
    const c = client();
    const payload = newUser();
    await c.post("/api/register", payload);
    expect((await c.post("/api/login", { email: payload.email, password: payload.password })).status).toBe(200);
    const withCode = await c.post("/api/login", { email: payload.email, password: payload.password, totp: "123456" });
    expect(withCode.status).toBe(200);
    expect(withCode.json.isStaff).toBe(false);
  });

  it("counts a missing code as a failed attempt, so it is no free way to test staff passwords", async () => {
    const c = client();
    const payload = newUser();
    await c.post("/api/register", payload);
    const { secret } = await grantStaff(stack().store, payload.email);
    for (let i = 0; i < 10; i++) await c.post("/api/login", { email: payload.email, password: payload.password });
    const locked = await c.post("/api/login", { email: payload.email, password: payload.password, totp: await totpNow(secret) });
    expect(locked.status).toBe(429);
  });

  it("cannot make anyone staff through the API", async () => {
    const c = client();
    const reg = await c.post("/api/register", { ...newUser(), isStaff: true });
    expect(reg.status).toBe(400);
    const me = await c.post("/api/register", newUser());
    const patch = await c.request("PATCH", `/api/users/${me.json.id}`, { isStaff: true });
    expect(patch.status).toBe(400);
    expect((await c.get("/api/auth/user")).json.isStaff).toBe(false);
  });
});

describe("the /api/staff/ gate", () => {
  it("answers every staff path with the 404 of a missing address to the signed out, customers, owners and staff without a TOTP session", async () => {
    const out = client();
    const customer = (await signIn(stack(), "customer@printhood.local")).c;
    const owner = (await signIn(stack(), "maria@printhood.local")).c;
    // Signed in before being made staff: the session never passed TOTP.
    const early = client();
    const payload = newUser();
    await early.post("/api/register", payload);
    await grantStaff(stack().store, payload.email);
    expect((await early.get("/api/auth/user")).json.isStaff).toBe(true);

    const missing = await missingAnswer(out);
    for (const c of [out, customer, owner, early]) {
      for (const path of ["/api/staff/audit", "/api/staff/audit?limit=1", "/api/staff/nothing-here", "/api/staff"]) {
        const res = await c.get(path);
        expect(res.status, `${path}`).toBe(404);
        expect(res.json).toEqual(missing);
      }
      const write = await c.post("/api/staff/audit", {});
      expect(write.status).toBe(404);
      expect(write.json).toEqual(missing);
    }

    const { c: staff } = await staffSignedIn(stack());
    expect((await staff.get("/api/staff/audit")).status).toBe(200);
    // Signing out ends the staff session like any other.
    await staff.post("/api/logout");
    expect((await staff.get("/api/staff/audit")).status).toBe(404);
  });

  it("answers an id too long to be one of ours in words, never a 500, on every route with an id, staff's included", async () => {
    const { c } = await staffSignedIn(stack());
    const long = "a".repeat(3000);
    const doc = (await client().get("/api/openapi.json")).json as { paths: Record<string, Record<string, unknown>> };
    const reads = Object.entries(doc.paths)
      .filter(([path, ops]) => path.includes("{id}") && "get" in ops)
      .map(([path]) => path);
    expect(reads).toContain("/api/printers/{id}");
    const calls: [string, string, unknown?][] = [
      ...reads.map((path): [string, string] => ["GET", path.replace("{id}", long)]),
      ["POST", `/api/staff/claims/${long}/decision`, { outcome: "reject", reason: "Not a real claim." }],
      ["POST", `/api/staff/money/${long}/retry`, { reason: "Try it again." }],
    ];
    for (const [method, path, body] of calls) {
      const res = await c.request(method, path, body);
      expect(res.status, `${method} ${path.replace(long, "{long}")}: ${res.text}`).toBeLessThan(500);
      expect(res.json?.message, path.replace(long, "{long}")).toEqual(expect.any(String));
    }
  });

  it("documents every staff route as staff-only and under /api/staff/", async () => {
    const doc = (await client().get("/api/openapi.json")).json as {
      paths: Record<string, Record<string, { "x-access"?: string }>>;
    };
    const staffPaths = Object.entries(doc.paths).filter(([path]) => path.startsWith("/api/staff/"));
    expect(staffPaths.length).toBeGreaterThan(0);
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        expect(op["x-access"] === "staff", `${method} ${path}`).toBe(path.startsWith("/api/staff/"));
      }
    }
  });
});

describe("the audit log", () => {
  it("reads newest first in pages, with a cursor that never repeats or skips a line", async () => {
    const { c } = await staffSignedIn(stack());
    const targetId = `test-${Date.now()}`;
    const base = Date.now();
    for (let i = 0; i < 5; i++) {
      await writeStaffAction(stack().store, {
        staff: { id: "s-1", email: "staff@example.com" },
        action: "user.suspend",
        target: { kind: "user", id: targetId, label: `line ${i}` },
        reason: `reason ${i}`,
        // Two lines share a millisecond: the line's id orders them.
        at: new Date(base + Math.min(i, 3)).toISOString(),
      });
    }
    const labels: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await c.get(`/api/staff/audit?targetId=${targetId}&limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.status).toBe(200);
      labels.push(...res.json.entries.map((e: { targetLabel: string }) => e.targetLabel));
      cursor = res.json.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(labels).toHaveLength(5);
    expect(new Set(labels).size).toBe(5);
    // Lines 3 and 4 share their millisecond: either may come first, then the older ones in order.
    expect(labels.slice(0, 2).sort()).toEqual(["line 3", "line 4"]);
    expect(labels.slice(2)).toEqual(["line 2", "line 1", "line 0"]);

    const all = await c.get("/api/staff/audit?limit=200");
    const ats = all.json.entries.map((e: { at: string }) => e.at);
    expect([...ats].sort().reverse()).toEqual(ats);

    const forged = await c.get(`/api/staff/audit?cursor=${Buffer.from('{"pk":"x"}').toString("base64url")}`);
    expect(forged.status).toBe(400);
    expect(forged.json.code).toBe("bad_cursor");
  });

  it("cannot be changed through the API: no call updates or deletes a line, even for staff", async () => {
    const { c } = await staffSignedIn(stack());
    const line = (await c.get("/api/staff/audit?limit=1")).json.entries[0] ?? { id: "x" };
    const before = (await c.get("/api/staff/audit?limit=200")).json.entries;
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      for (const path of ["/api/staff/audit", `/api/staff/audit/${line.id}`]) {
        const res = await c.request(method, path, method === "DELETE" ? undefined : { reason: "changed" });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
    }
    expect((await c.get("/api/staff/audit?limit=200")).json.entries).toEqual(before);
    const doc = (await c.get("/api/openapi.json")).json as { paths: Record<string, Record<string, unknown>> };
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (path.startsWith("/api/staff/audit")) expect(Object.keys(ops), path).toEqual(["get"]);
    }
  });

  it("has no code that updates, patches, upserts, puts, removes or deletes a line", () => {
    const root = join(import.meta.dirname, "../../");
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        if (name === "node_modules" || name === "test" || name.startsWith(".")) continue;
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name)) {
          const text = readFileSync(path, "utf8");
          if (/auditEntries\s*\.\s*(update|patch|upsert|put|remove|delete)\b/.test(text)) offenders.push(path);
        }
      }
    };
    for (const pkg of ["core/src", "functions/src", "local/src"]) walk(join(root, pkg));
    expect(offenders).toEqual([]);
  });
});
