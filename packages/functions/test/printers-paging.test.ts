import { CURSOR_SECRET_ENV, cursorKey, sealCursor } from "@printhood/core";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { newUser, TestClient } from "./client.ts";
import { useStack } from "./stack.ts";
import { verifyPrinter } from "./verify.ts";

/**
 * GET /api/printers a page at a time (issue 23 points 1 and 5): nearest first with `limit` and an
 * opaque `cursor`, pages that survive a printer added or deleted between them, markers that are
 * forged, altered, from another list or too old refused with a 400 and a sentence, and a map's view
 * by `bbox` answered with printers or clusters that count every printer.
 */
const SECRET = "printers-paging-test-key-0123456789";
process.env[CURSOR_SECRET_ENV] = SECRET;
const stack = useStack();
const client = () => new TestClient(stack().url);

type Listed = { id: string; name: string; distanceMiles?: number };
type Page = { items: Listed[]; nextCursor?: string };

let owner: TestClient;
let ownerId: string;
const ids: Record<string, string> = {};

/**
 * Counts the user items read (GetItem and BatchGetItem keys whose sort key is a user's) from the
 * moment it is called until `stop`. Every document client's calls: ElectroDB's entities are
 * module-wide, so they answer through the last store made in this process (printers.test.ts).
 */
function countUserReads() {
  const send = vi.spyOn(Object.getPrototypeOf(stack().store.client), "send");
  const isUser = (key: unknown) => JSON.stringify(key).includes('"$user_1"');
  let reads = 0;
  return {
    stop: () => {
      for (const [command] of send.mock.calls) {
        const { Key, RequestItems } = (command as { input: { Key?: unknown; RequestItems?: Record<string, { Keys?: unknown[] }> } }).input;
        if (Key && isUser(Key)) reads++;
        for (const r of Object.values(RequestItems ?? {})) for (const k of r.Keys ?? []) if (isUser(k)) reads++;
      }
      send.mockRestore();
      return reads;
    },
  };
}

async function addListed(name: string, location: string) {
  const res = await owner.post("/api/printers", {
    name,
    model: "Prusa i3 MK3S+",
    description: "",
    location,
    buildVolumeX: 250,
    buildVolumeY: 210,
    buildVolumeZ: 210,
    materials: ["PLA"],
    pricePerGram: 0.05,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  await verifyPrinter(stack(), owner, res.json.id);
  ids[name] = res.json.id as string;
  return res.json.id as string;
}

beforeAll(async () => {
  owner = client();
  const reg = await owner.post("/api/register", newUser({ firstName: "Mara", lastName: "Okafor" }));
  expect(reg.status).toBe(201);
  ownerId = reg.json.id as string;
  for (const [name, place] of [
    ["Berthoud one", "Berthoud, CO"],
    ["Berthoud two", "Berthoud, CO"],
    ["Loveland", "Loveland, CO"],
    ["Fort Collins", "Fort Collins, CO"],
    ["Greeley", "Greeley, CO"],
    ["Boulder", "Boulder, CO"],
  ] as const) {
    await addListed(name, place);
  }
}, 120_000);

async function allPages(first: string): Promise<Page[]> {
  const pages: Page[] = [];
  let path: string | null = first;
  while (path) {
    const res = await client().get(path);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const page = res.json as Page;
    pages.push(page);
    path = page.nextCursor ? `${first}&cursor=${encodeURIComponent(page.nextCursor)}` : null;
  }
  return pages;
}

describe("the finder, a page at a time", () => {
  it("pages nearest first from a ZIP: the pages joined are the whole list, each page at most `limit`", async () => {
    const whole = (await client().get("/api/printers?zip=80513")).json as Listed[];
    expect(new Set(whole.map((p) => p.name))).toEqual(
      new Set(["Berthoud one", "Berthoud two", "Loveland", "Fort Collins", "Greeley", "Boulder"]),
    );
    expect(
      whole
        .slice(0, 2)
        .map((p) => p.name)
        .sort(),
    ).toEqual(["Berthoud one", "Berthoud two"]);
    const pages = await allPages("/api/printers?zip=80513&limit=2");
    expect(pages.map((p) => p.items.length)).toEqual([2, 2, 2]);
    expect(pages.at(-1)?.nextCursor).toBeUndefined();
    expect(pages.flatMap((p) => p.items)).toEqual(whole);
    const distances = whole.map((p) => p.distanceMiles as number);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
  });

  it("keeps its place when printers are added and deleted between pages: no duplicates, no gaps", async () => {
    const first = (await client().get("/api/printers?zip=80513&limit=3")).json as Page;
    expect(first.items).toHaveLength(3);
    const seen = first.items.map((p) => p.id);
    const before = ((await client().get("/api/printers?zip=80513")).json as Listed[]).map((p) => p.id);
    // One printer already shown and one not yet shown are deleted; a new one is listed.
    const shownGone = seen[1] as string;
    const unseenGone = before[4] as string;
    expect((await owner.del(`/api/printers/${shownGone}`)).status).toBe(200);
    expect((await owner.del(`/api/printers/${unseenGone}`)).status).toBe(200);
    const added = await addListed("Longmont", "Longmont, CO");
    const later: Listed[] = [];
    let cursor = first.nextCursor;
    while (cursor) {
      const res = await client().get(`/api/printers?zip=80513&limit=3&cursor=${encodeURIComponent(cursor)}`);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      later.push(...(res.json as Page).items);
      cursor = (res.json as Page).nextCursor;
    }
    const shown = [...seen, ...later.map((p) => p.id)];
    expect(new Set(shown).size).toBe(shown.length);
    // Every printer still listed that was after the first page is on the later pages, in order.
    const now = ((await client().get("/api/printers?zip=80513")).json as Listed[]).map((p) => p.id);
    expect(later.map((p) => p.id)).toEqual(now.filter((id) => !seen.includes(id) && (id !== added || later.some((p) => p.id === added))));
    expect(later.map((p) => p.id)).not.toContain(unseenGone);
    for (const id of before.slice(3)) if (id !== unseenGone) expect(later.map((p) => p.id)).toContain(id);
  }, 60_000);

  it("refuses a forged, altered, borrowed or stale page marker with a 400 and a sentence", async () => {
    const first = (await client().get("/api/printers?zip=80513&limit=2")).json as Page;
    const marker = first.nextCursor as string;
    const notOurs = "That page marker is not one of ours. Start again from the first page.";
    const [body, signature] = marker.split(".") as [string, string];
    const envelope = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as { l: string; p: unknown };
    const moved = Buffer.from(JSON.stringify({ ...envelope, p: { m: 0, i: "" } })).toString("base64url");
    for (const [what, cursor, message] of [
      ["made up", "abc", notOurs],
      ["altered", `${moved}.${signature}`, notOurs],
      ["signed by another key", sealCursor(cursorKey("some-other-secret-entirely"), envelope.l, envelope.p), notOurs],
      ["from another list", marker, notOurs],
      [
        "two days old",
        sealCursor(cursorKey(SECRET), envelope.l, envelope.p, Date.now() - 48 * 3600_000),
        "That page marker has expired (they last 24 hours). Start again from the first page.",
      ],
    ] as const) {
      const zip = what === "from another list" ? "80537" : "80513";
      const res = await client().get(`/api/printers?zip=${zip}&limit=2&cursor=${encodeURIComponent(cursor)}`);
      expect({ what, status: res.status, message: res.json?.message }).toEqual({ what, status: 400, message });
    }
    // The same marker, untouched, still works.
    expect((await client().get(`/api/printers?zip=80513&limit=2&cursor=${encodeURIComponent(marker)}`)).status).toBe(200);
    for (const [qs, message] of [
      ["limit=0", "Limit must be a whole number from 1 to 100."],
      ["limit=101", "Limit must be at most 100."],
      ...["bbox=1,2,3", "bbox=,,,", `bbox=${"1,".repeat(100)}1`].map((qs) => [
        qs,
        "The map area must be four numbers: west, south, east, north (longitudes -180 to 180, latitudes -90 to 90, south below north).",
      ]),
    ]) {
      const res = await client().get(`/api/printers?${qs}`);
      expect({ qs, status: res.status, message: res.json?.message }).toEqual({ qs, status: 400, message });
    }
  });

  it("answers a map's view: the printers in it up close, clusters counting them all from afar", async () => {
    const listed = ((await client().get("/api/printers")).json as Listed[]).length;
    const close = await client().get("/api/printers?bbox=-105.3,40.0,-104.6,40.7&zoom=16");
    expect(close.status).toBe(200);
    const closeItems = close.json.items as { cluster?: boolean; id: string }[];
    expect(closeItems.every((i) => !i.cluster)).toBe(true);
    expect(closeItems.length).toBe(listed);
    const far = await client().get("/api/printers?bbox=-125,24,-66,50&zoom=3");
    expect(far.status).toBe(200);
    const farItems = far.json.items as { cluster?: boolean; count?: number }[];
    expect(farItems.some((i) => i.cluster)).toBe(true);
    expect(farItems.reduce((s, i) => s + (i.cluster ? (i.count ?? 0) : 1), 0)).toBe(listed);
    // Nothing listed in the Atlantic.
    expect((await client().get("/api/printers?bbox=-40,20,-30,30")).json.items).toEqual([]);
  });

  it("shows the owner's name from the printers' copy: a rename shows at once, and a page reads no user items", async () => {
    const renamed = { username: `renamed_${Date.now().toString(36)}`, firstName: "Marisol", lastName: "" };
    expect((await owner.request("PATCH", `/api/users/${ownerId}`, renamed)).status).toBe(200);
    const meter = countUserReads();
    const first = (await client().get("/api/printers?zip=80513&limit=4")).json as Page & { items: { owner: unknown }[] };
    const second = (await client().get(`/api/printers?zip=80513&limit=4&cursor=${encodeURIComponent(first.nextCursor as string)}`))
      .json as Page & { items: { owner: unknown }[] };
    const view = (await client().get("/api/printers?bbox=-105.3,40.0,-104.6,40.71&zoom=15")).json as { items: { owner: unknown }[] };
    const one = (await client().get(`/api/printers/${first.items[0]?.id}`)).json as { owner: unknown };
    const reads = meter.stop();
    const shown = { username: renamed.username, firstName: "Marisol", lastName: null };
    const all = [...first.items, ...second.items, ...view.items, one];
    expect(first.items.length + second.items.length).toBeGreaterThan(4);
    expect(view.items.length).toBeGreaterThan(0);
    for (const p of all) expect(p.owner).toEqual(shown);
    expect(reads).toBe(0);
  });

  it("shows the owner of a printer listed before printers carried the name, by reading the owner", async () => {
    // A printer as stored before the copy existed: no ownerUsername, ownerFirstName, ownerLastName.
    const old = ((await client().get("/api/printers?zip=80513&limit=6")).json as Page).items[1]?.id as string;
    await stack().store.entities.printers.patch({ printerId: old }).remove(["ownerUsername", "ownerFirstName", "ownerLastName"]).go();
    const stored = (await stack().store.entities.printers.get({ printerId: old }).go({ consistent: true })).data;
    expect(stored?.ownerUsername).toBeUndefined();
    const me = (await owner.get("/api/auth/user")).json as { username: string; firstName: string | null; lastName: string | null };
    const shown = { username: me.username, firstName: me.firstName, lastName: me.lastName };
    const meter = countUserReads();
    const page = (await client().get("/api/printers?zip=80513&limit=5")).json as Page & { items: { id: string; owner: unknown }[] };
    const one = (await client().get(`/api/printers/${old}`)).json as { owner: unknown };
    const reads = meter.stop();
    expect(page.items.map((p) => p.id)).toContain(old);
    for (const p of [...page.items, one]) expect(p.owner).toEqual(shown);
    // One read for the page (its one printer without the copy), one for the printer's own page.
    expect(reads).toBe(2);
    // The owner's next rename gives it the copy again.
    expect((await owner.request("PATCH", `/api/users/${ownerId}`, { firstName: "Mari" })).status).toBe(200);
    const { data } = await stack().store.entities.printers.get({ printerId: old }).go();
    expect({ username: data?.ownerUsername, firstName: data?.ownerFirstName, lastName: data?.ownerLastName }).toEqual({
      username: me.username,
      firstName: "Mari",
      lastName: undefined,
    });
  });
});
