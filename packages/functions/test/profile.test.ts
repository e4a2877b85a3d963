import { AVATAR_URLS } from "@printhood/core";
import { describe, expect, it } from "vitest";
import { newPrinter, newUser, TestClient } from "./client.ts";
import { signedIn } from "./designs.ts";
import { useStack } from "./stack.ts";

const stack = useStack();
const patch = (c: TestClient, id: string, body: unknown) => c.request("PATCH", `/api/users/${id}`, body);

describe("profile settings", () => {
  it("change username, names, avatar, ZIP and e-mail preferences, for oneself, and answer the updated user", async () => {
    const { c, me } = await signedIn(stack());
    const name = `renamed_${Date.now().toString(36)}`;
    const res = await patch(c, me.id, {
      username: name,
      firstName: " Ada ",
      lastName: "Lovelace",
      profileImageUrl: AVATAR_URLS[2],
      zipCode: "80537",
      emailPreferences: { messages: false },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: me.id,
      username: name,
      firstName: "Ada",
      lastName: "Lovelace",
      profileImageUrl: "/api/avatars/bear.svg",
      zipCode: "80537",
      emailPreferences: { orderConfirmation: true, orderUpdates: true, newOrders: true, messages: false },
    });
    expect((await c.get("/api/auth/user")).json).toEqual(res.json);

    // Clearing: empty names and ZIP, a null avatar.
    const cleared = await patch(c, me.id, { lastName: "", zipCode: "", profileImageUrl: null });
    expect(cleared.json).toMatchObject({ firstName: "Ada", lastName: null, zipCode: null, profileImageUrl: null });
  });

  it("keep usernames unique ignoring case, free the old one and reserve the new one", async () => {
    const a = await signedIn(stack());
    const b = await signedIn(stack());
    const taken = await patch(b.c, b.me.id, { username: a.me.username.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.json.code).toBe("username_taken");

    const fresh = `fresh_${Date.now().toString(36)}`;
    expect((await patch(a.c, a.me.id, { username: fresh })).status).toBe(200);
    // The old name is free again; the new one is not, in any case.
    const reuse = new TestClient(stack().url);
    expect((await reuse.post("/api/register", newUser({ username: a.me.username }))).status).toBe(201);
    const clash = await new TestClient(stack().url).post("/api/register", newUser({ username: fresh.toUpperCase() }));
    expect(clash.status).toBe(409);
    // A change of case only is the same reservation.
    const cased = await patch(a.c, a.me.id, { username: fresh.toUpperCase() });
    expect(cased.status).toBe(200);
    expect(cased.json.username).toBe(fresh.toUpperCase());
  });

  it("two people taking the same new username at once: exactly one gets it", async () => {
    const people = await Promise.all([1, 2, 3, 4].map(() => signedIn(stack())));
    const wanted = `race_${Date.now().toString(36)}`;
    const answers = await Promise.all(people.map((p) => patch(p.c, p.me.id, { username: wanted })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    const winner = people[answers.findIndex((a) => a.status === 200)]!;
    const reservation = (await stack().store.entities.uniques.get({ kind: "username", value: wanted }).go({ consistent: true })).data;
    expect(reservation?.userId).toBe(winner.me.id);
    for (const [i, p] of people.entries()) {
      const shown = (await p.c.get("/api/auth/user")).json.username;
      if (answers[i]!.status === 200) expect(shown).toBe(wanted);
      else expect(shown).toBe(p.me.username);
    }
  });

  it("copy a new username and names onto each of one's printers, in the same change", async () => {
    const { c, me } = await signedIn(stack());
    const printer = (name: string) => newPrinter(name, { pricePerGram: 0.05 });
    const ids: string[] = [];
    for (const name of ["Garage one", "Garage two"]) {
      const res = await c.post("/api/printers", printer(name));
      expect(res.status).toBe(201);
      expect(res.json.owner).toEqual({ username: me.username, firstName: null, lastName: null });
      ids.push(res.json.id as string);
    }
    const copies = async () =>
      Promise.all(
        ids.map(async (printerId) => {
          const p = (await stack().store.entities.printers.get({ printerId }).go({ consistent: true })).data;
          return { username: p?.ownerUsername, firstName: p?.ownerFirstName, lastName: p?.ownerLastName };
        }),
      );
    expect(await copies()).toEqual(ids.map(() => ({ username: me.username, firstName: undefined, lastName: undefined })));

    const name = `owner_${Date.now().toString(36)}`;
    expect((await patch(c, me.id, { username: name, firstName: "Grace", lastName: "Hopper" })).status).toBe(200);
    expect(await copies()).toEqual(ids.map(() => ({ username: name, firstName: "Grace", lastName: "Hopper" })));
    const own = (await c.get(`/api/users/${me.id}/printers`)).json as { owner: unknown }[];
    expect(own.map((p) => p.owner)).toEqual(ids.map(() => ({ username: name, firstName: "Grace", lastName: "Hopper" })));

    // A cleared name is cleared on the printers too.
    expect((await patch(c, me.id, { lastName: "" })).status).toBe(200);
    expect(await copies()).toEqual(ids.map(() => ({ username: name, firstName: "Grace", lastName: undefined })));

    // Listing printers while renaming: every printer ends with the new name, whichever lands first.
    for (const round of [1, 2, 3]) {
      const final = `race${round}_${Date.now().toString(36)}`;
      const [listed, renamed] = await Promise.all([
        c.post("/api/printers", printer(`Garage ${round + 2}`)),
        patch(c, me.id, { username: final }),
      ]);
      expect([listed.status, renamed.status]).toEqual([201, 200]);
      ids.push(listed.json.id as string);
      expect(await copies()).toEqual(ids.map(() => ({ username: final, firstName: "Grace", lastName: undefined })));
    }
  });

  it("refuse anyone else, a new email, a userType change, other avatars and unknown fields", async () => {
    const { c, me } = await signedIn(stack());
    const other = await signedIn(stack());
    expect((await patch(other.c, me.id, { firstName: "Mallory" })).status).toBe(403);
    expect((await patch(new TestClient(stack().url), me.id, { firstName: "Mallory" })).status).toBe(401);

    const user = (await c.get("/api/auth/user")).json;
    const email = await patch(c, me.id, { email: "new@example.com" });
    expect(email.status).toBe(400);
    expect(email.json.message).toBe("Your email address cannot be changed.");
    expect((await patch(c, me.id, { email: user.email.toUpperCase() })).status).toBe(200);

    const both = await patch(c, me.id, { userType: "both" });
    expect(both.status).toBe(403);
    expect(both.json.message).toContain("listing a printer");
    expect((await patch(c, me.id, { userType: "customer" })).status).toBe(200);

    expect((await patch(c, me.id, { profileImageUrl: "https://evil.example/x.png" })).status).toBe(400);
    expect((await patch(c, me.id, { zipCode: "8053" })).status).toBe(400);
    expect((await patch(c, me.id, { username: "no spaces" })).status).toBe(400);
    expect((await patch(c, me.id, { passwordHash: "x" })).status).toBe(400);
    expect((await patch(c, me.id, { emailPreferences: { spam: true } })).status).toBe(400);
    expect((await c.get("/api/auth/user")).json).toEqual(user);
  });

  it("serve the eight preset avatars as SVG", async () => {
    const c = new TestClient(stack().url);
    expect(AVATAR_URLS).toHaveLength(8);
    for (const url of AVATAR_URLS) {
      const res = await c.get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get("content-type")).toContain("image/svg+xml");
      expect(res.text).toContain("<svg");
    }
    expect((await c.get("/api/avatars/dragon.svg")).status).toBe(404);
  });
});
