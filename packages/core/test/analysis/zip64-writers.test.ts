import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { measureDesign } from "../../src/analysis/index.ts";
import { cube, meshOf, meshXml, modelXml, RELS, refusal } from "./fixtures.ts";
import { type Files, WRITERS, writeAs } from "./zip-writers.ts";

/**
 * Every archive layout a slicer opens is read (issue 25 point 2), and the guards hold in each:
 * the CRC-32 check, the declared-size check (an entry inflating past what it declares) and the
 * expansion-ratio check (a zip bomb).
 */
const fails = (bytes: Uint8Array, name = "a.3mf") => refusal(bytes, name);

// A model that inflates to more than the whole archive (real models do): the case an earlier reader,
// which capped every 64-bit size at the archive's length, refused as a zip bomb.
const model = modelXml(
  `<resources><object id="1" type="model">${meshXml(meshOf(cube(20)))}</object></resources><build><item objectid="1"/></build>`,
  "millimeter",
).concat(`<!--${"a 20 mm cube ".repeat(400)}-->`);
const files: Files = { "[Content_Types].xml": "<Types/>", "_rels/.rels": RELS, "3D/3dmodel.model": model };

describe("zip layouts of the writers that make 3MF files", () => {
  for (const writer of Object.keys(WRITERS)) {
    describe(writer, () => {
      for (const deflate of [false, true]) {
        it(`${deflate ? "deflated" : "stored"}: read like the plain archive`, () => {
          const bytes = writeAs(writer, files, deflate);
          if (deflate) expect(bytes.length).toBeLessThan(model.length);
          const g = measureDesign(bytes, "w.3mf");
          expect(g.volumeMm3).toBeCloseTo(8000, 3);
          expect(g.triangles).toBe(12);
        });
      }

      it("a changed byte of the model fails its CRC-32 check", () => {
        const bytes = writeAs(writer, files, false);
        const at = Buffer.from(bytes).indexOf('x="20"');
        expect(at).toBeGreaterThan(0);
        bytes[at + 4] = "1".charCodeAt(0); // still a valid model: only the CRC can tell
        const e = fails(bytes);
        expect(e.code).toBe("zip_crc_mismatch");
        expect(e.message).toContain("3dmodel.model");
      });

      it("an entry inflating past the size it declares is stopped", () => {
        const e = fails(writeAs(writer, files, true, { declareSize: (n) => (n > 1000 ? 1000 : n) }));
        expect(e.code).toBe("zip_size_mismatch");
      });

      it("a declared expansion no deflate stream reaches is refused before inflating", () => {
        const e = fails(writeAs(writer, files, true, { declareSize: (n) => (n > 1000 ? 90 * 1024 * 1024 : n) }));
        expect(e.code).toBe("zip_bomb");
      });

      it("a declared size past the unpacking budget is refused", () => {
        const e = fails(writeAs(writer, files, false, { declareSize: (n) => (n > 1000 ? 2 ** 40 : n) }));
        expect(["zip_too_large", "zip_corrupt"]).toContain(e.code);
        expect(e.code === "zip_too_large" ? e.kind : "too_large").toBe("too_large");
      });
    });
  }

  it("a real zip bomb (zeros, honestly declared) stops at the budget, whatever the layout", () => {
    const zeros = new Uint8Array(170 * 1024 * 1024);
    for (const writer of ["lib3mf", "Info-ZIP zip -fz to a pipe", "macOS Archive Utility"]) {
      const bomb = writeAs(writer, { ...files, "Metadata/big.bin": zeros }, true);
      const t0 = performance.now();
      const e = fails(bomb);
      expect(["zip_too_large", "zip_bomb"]).toContain(e.code);
      expect(performance.now() - t0).toBeLessThan(2000);
    }
  }, 60_000);
});

describe("archives written by the real tools (archives/README.md)", () => {
  const dir = join(__dirname, "archives");
  const names = readdirSync(dir).filter((f) => f.endsWith(".3mf"));
  it("has the Python, Info-ZIP and 7-Zip archives", () => expect(names.length).toBeGreaterThanOrEqual(9));
  for (const name of names) {
    it(`${name} is read`, () => {
      const g = measureDesign(new Uint8Array(readFileSync(join(dir, name))), name);
      expect(g.volumeMm3).toBeCloseTo(8000, 3);
      expect(g.triangles).toBe(12);
    });
  }
  it("a changed byte in a stored one fails its CRC-32 check", () => {
    for (const name of names.filter((n) => n.includes("stored"))) {
      const bytes = new Uint8Array(readFileSync(join(dir, name)));
      bytes[Buffer.from(bytes).indexOf('x="20"') + 4] = "1".charCodeAt(0);
      expect(fails(bytes, name).code, name).toBe("zip_crc_mismatch");
    }
  });
});
