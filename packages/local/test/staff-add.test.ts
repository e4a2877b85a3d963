import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { login, register } from "@printhood/core";
import { startLocalStack } from "@printhood/local";
import { REPO_ROOT } from "@printhood/local/paths";
import { generate } from "otplib";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), "printhood-staff-add-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `npm run staff:add -- EMAIL` on this test's data folder, as a person runs it. */
async function staffAdd(email: string) {
  try {
    const { stdout } = await run("npm", ["run", "--silent", "staff:add", "--", email], {
      cwd: REPO_ROOT,
      env: { ...process.env, PRINTHOOD_DATA_DIR: dir },
    });
    return { code: 0, out: stdout };
  } catch (e) {
    const failed = e as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}
const secretIn = (out: string) => /secret\s+([A-Z2-7]+)/.exec(out)?.[1] ?? "";
const account = (n: string) => ({ username: `staff_${n}`, email: `staff-${n}@example.com`, password: "correct horse battery" });

describe("npm run staff:add", () => {
  it("makes an account staff on local mode's data, with Printhood running and stopped, and nothing else can", async () => {
    const running = account("running");
    const stopped = account("stopped");
    const stack = await startLocalStack({ dataDir: dir, port: 0 });
    try {
      await register(stack.store, running);
      await register(stack.store, stopped);
      const added = await staffAdd(running.email);
      expect(added.code).toBe(0);
      expect(added.out).toContain(`${running.email} is now staff`);
      expect(added.out).toMatch(/otpauth:\/\/totp\/Printhood:staff-running%40example\.com\?secret=[A-Z2-7]+/);
      // The running product sees it at once: the password alone is no longer enough.
      await expect(login(stack.store, running)).rejects.toMatchObject({ code: "totp_required" });
      const signedIn = await login(stack.store, { ...running, totp: await generate({ secret: secretIn(added.out) }) });
      expect(signedIn).toMatchObject({ secondFactor: true, user: { isStaff: true } });

      const nobody = await staffAdd("nobody@example.com");
      expect(nobody.code).toBe(1);
      expect(nobody.out).toContain("There is no account with the e-mail nobody@example.com");
    } finally {
      await stack.close();
    }

    // Stopped: the command opens the data itself, then lets go of it.
    const added = await staffAdd(stopped.email);
    expect(added.code).toBe(0);
    const again = await startLocalStack({ dataDir: dir, port: 0 });
    try {
      const signedIn = await login(again.store, { ...stopped, totp: await generate({ secret: secretIn(added.out) }) });
      expect(signedIn.user.isStaff).toBe(true);
      // Run again: still staff, the same secret (the authenticator app keeps working).
      const twice = await staffAdd(stopped.email);
      expect(twice.out).toContain("is already staff");
      expect(secretIn(twice.out)).toBe(secretIn(added.out));
    } finally {
      await again.close();
    }
  });
});
