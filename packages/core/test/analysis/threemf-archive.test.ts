import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { measureDesign } from "../../src/analysis/index.ts";
import { cube, meshOf, meshXml, modelXml, RELS, refusal, threeMf } from "./fixtures.ts";
import { writeZip } from "./zip-writer.ts";

const fails = refusal;
const cubeModel = modelXml(
  `<resources><object id="1" type="model">${meshXml(meshOf(cube(20)))}</object></resources><build><item objectid="1"/></build>`,
);

describe("3MF archives as PrusaSlicer and lib3mf read them", () => {
  it("reads a zip64 archive (stored and deflated) like the same archive without zip64", () => {
    const plain = measureDesign(threeMf({ "_rels/.rels": RELS, "3D/3dmodel.model": cubeModel }), "a.3mf");
    for (const deflate of [false, true]) {
      const z = writeZip(
        { "[Content_Types].xml": "<Types/>", "_rels/.rels": RELS, "3D/3dmodel.model": cubeModel },
        { zip64: true, deflate },
      );
      const g = measureDesign(z, "z64.3mf");
      expect(g.volumeMm3).toBeCloseTo(plain.volumeMm3, 6);
      expect(g.triangles).toBe(12);
    }
  });

  it("refuses a model part whose CRC-32 does not match, with a clear message", () => {
    // stored, so the altered byte still parses: only the CRC can tell
    const good = writeZip({ "_rels/.rels": RELS, "3D/3dmodel.model": cubeModel });
    expect(measureDesign(good, "ok.3mf").volumeMm3).toBeCloseTo(8000, 3);
    const at = Buffer.from(good).indexOf('x="20"');
    const bad = good.slice();
    bad[at + 4] = "1".charCodeAt(0); // 20 -> 21
    const e = fails(bad, "bad.3mf");
    expect(e.code).toBe("zip_crc_mismatch");
    expect(e.message).toMatch(/3dmodel\.model.*CRC-32/);
    // zip64 too
    const z = writeZip({ "_rels/.rels": RELS, "3D/3dmodel.model": cubeModel }, { zip64: true });
    const zb = z.slice();
    zb[Buffer.from(z).indexOf('x="20"') + 4] = "1".charCodeAt(0);
    expect(fails(zb, "bad64.3mf").code).toBe("zip_crc_mismatch");
  });

  it("checks every entry, not only the model (a damaged thumbnail is refused too)", () => {
    const thumb = new Uint8Array(4000).map((_, i) => (i * 31) & 0xff);
    const z = writeZip({ "_rels/.rels": RELS, "3D/3dmodel.model": cubeModel, "Metadata/thumbnail.png": thumb });
    expect(measureDesign(z, "t.3mf").triangles).toBe(12);
    const bad = z.slice();
    const dataAt = Buffer.from(z).indexOf(Buffer.from(thumb.subarray(0, 64)));
    bad[dataAt + 100] = bad[dataAt + 100]! ^ 0xff;
    const e = fails(bad, "t.3mf");
    expect(e.code).toBe("zip_crc_mismatch");
    expect(e.message).toContain("thumbnail.png");
  });

  it("a 1 KB file expanding into billions of placements of an empty object is refused at once", () => {
    // object 1 holds nothing; each level places the one below 16 times: 16^12 ≈ 2.8e14 placements
    let body = `<object id="1" type="model"><components></components></object>`;
    for (let i = 2; i <= 13; i++) {
      body += `<object id="${i}"><components>${Array.from({ length: 16 }, () => `<component objectid="${i - 1}"/>`).join("")}</components></object>`;
    }
    const file = zipSync({
      "_rels/.rels": strToU8(RELS),
      "3D/3dmodel.model": strToU8(modelXml(`<resources>${body}</resources><build><item objectid="13"/></build>`)),
    });
    expect(file.length).toBeLessThan(2048);
    const t0 = performance.now();
    const e = fails(file, "bomb.3mf");
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(e.code).toBe("3mf_too_many_placements");
  });

  it("many build items of an empty object count as placements too", () => {
    const items = Array.from({ length: 120_000 }, () => `<item objectid="1"/>`).join("");
    const body = `<resources><object id="1"><components></components></object><object id="2">${meshXml(meshOf(cube(5)))}</object></resources><build>${items}<item objectid="2"/></build>`;
    const file = zipSync({ "_rels/.rels": strToU8(RELS), "3D/3dmodel.model": strToU8(modelXml(body)) }, { level: 9 });
    expect(fails(file, "items.3mf").code).toBe("3mf_too_many_placements");
  });
});
