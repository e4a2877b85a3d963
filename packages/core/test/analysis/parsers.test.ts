import { strToU8 } from "fflate";
import { describe, expect, it } from "vitest";
import { analyzeDesign, measureDesign, quickMeasure } from "../../src/analysis/index.ts";
import { asciiStl, binaryStl, box, cube, cube3mf, flip, meshOf, meshXml, modelXml, objBox, RELS, tetra, threeMf } from "./fixtures.ts";

const close = (a: number, b: number, tol = 1e-6) => expect(Math.abs(a - b)).toBeLessThanOrEqual(tol * Math.max(1, Math.abs(b)));

describe("binary STL", () => {
  it("measures a 20 mm cube", () => {
    const g = measureDesign(binaryStl(cube()), "cube.stl");
    expect(g.format).toBe("stl-binary");
    expect(g.fileFormat).toBe("stl");
    expect(g.triangles).toBe(12);
    close(g.volumeMm3, 8000);
    close(g.signedVolumeMm3, 8000);
    close(g.surfaceAreaMm2, 2400);
    expect(g.size).toEqual({ x: 20, y: 20, z: 20 });
    expect(g.shells).toBe(1);
    expect(g.watertight).toBe(true);
    expect(g.invertedShells).toBe(0);
    expect(g.vertices).toBe(8);
    expect(g.units.needsConfirmation).toBe(false);
  });

  it("reads a binary file whose header begins with 'solid'", () => {
    const g = measureDesign(binaryStl(cube(), "solid but actually binary"), "c.stl");
    expect(g.format).toBe("stl-binary");
    close(g.volumeMm3, 8000);
  });

  it("reads a Materialise COLOR= header with per-facet colours", () => {
    const g = measureDesign(binaryStl(cube(), "COLOR=\xff\x00\x00\xff MATERIAL=", 0x001f), "c.stl");
    close(g.volumeMm3, 8000);
    expect(g.numberOfColors).toBe(1);
  });

  it("pricing path agrees with the full parse", () => {
    const bytes = binaryStl([...box(0, 0, 0, 10, 20, 30), ...box(50, 0, 0, 5, 5, 5)]);
    const q = quickMeasure(bytes, "two.stl");
    const g = measureDesign(bytes, "two.stl");
    close(q.volume, 6000 + 125);
    close(q.area, g.surfaceAreaMm2, 1e-5);
    expect(q.max).toEqual([55, 20, 30]);
    expect(g.shells).toBe(2);
  });

  it("counts inverted shells and still prices them as solid", () => {
    const g = measureDesign(binaryStl([...cube(10), ...flip(box(20, 0, 0, 10, 10, 10))]), "inv.stl");
    expect(g.shells).toBe(2);
    expect(g.invertedShells).toBe(1);
    close(g.signedVolumeMm3, 0);
    close(g.volumeMm3, 2000);
  });

  it("detects an open mesh", () => {
    const g = measureDesign(binaryStl(cube().slice(2)), "open.stl");
    expect(g.watertight).toBe(false);
    expect(g.boundaryEdges).toBe(4);
  });

  it("finds overhangs and bed contact", () => {
    // a T shape: post 10×10×20 with a 40×10×5 bar on top: the bar's underside overhangs
    const g = measureDesign(binaryStl([...box(15, 0, 0, 10, 10, 20), ...box(0, 0, 20, 40, 10, 5)]), "t.stl");
    close(g.overhangAreaMm2, 400, 1e-3); // whole underside of the bar (overlap with the post top included)
    close(g.bedContactMm2, 100, 1e-3);
    expect(g.supportsNeeded).toBe(true);
    const cubeG = measureDesign(binaryStl(cube()), "c.stl");
    expect(cubeG.overhangAreaMm2).toBe(0);
    expect(cubeG.supportsNeeded).toBe(false);
  });
});

describe("ASCII STL", () => {
  for (const [name, eol] of [
    ["LF", "\n"],
    ["CRLF", "\r\n"],
    ["CR", "\r"],
  ] as const) {
    it(`reads ${name} line ends`, () => {
      const g = measureDesign(asciiStl([{ name: "cube", tris: cube() }], eol), "a.stl");
      expect(g.format).toBe("stl-ascii");
      close(g.volumeMm3, 8000, 1e-6);
      expect(g.watertight).toBe(true);
    });
  }
  it("reads several solids and odd trailing words", () => {
    let text = new TextDecoder().decode(
      asciiStl([
        { name: "a", tris: cube(10) },
        { name: "b", tris: box(20, 0, 0, 10, 10, 10) },
      ]),
    );
    text = text.replace("endfacet", "endfacet blah").replace("facet normal 0 0 0", "facet normal +inf -inf weird");
    const g = measureDesign(strToU8(text), "multi.stl");
    expect(g.shells).toBe(2);
    expect(g.details.solids).toBe(2);
    close(g.volumeMm3, 2000);
  });
});

describe("OBJ", () => {
  it("reads quads with positive indices", () => {
    const g = measureDesign(objBox(), "box.obj");
    expect(g.format).toBe("obj");
    expect(g.triangles).toBe(12);
    close(g.volumeMm3, 8000);
    expect(g.watertight).toBe(true);
  });
  it("reads negative (relative) indices", () => {
    close(measureDesign(objBox(20, true), "box.obj").volumeMm3, 8000);
  });
  it("fans n-gons", () => {
    const obj = "v 0 0 0\nv 10 0 0\nv 10 10 0\nv 5 15 0\nv 0 10 0\nv 5 5 10\nf 1 5 4 3 2\nf 1 2 6\nf 2 3 6\nf 3 4 6\nf 4 5 6\nf 5 1 6\n";
    const g = measureDesign(strToU8(obj), "house.obj");
    expect(g.triangles).toBe(3 + 5);
    close(g.volumeMm3, (125 * 10) / 3, 1e-6);
    expect(g.details.ngons).toBe(1);
    expect(g.watertight).toBe(true);
  });
});

describe("3MF", () => {
  it("reads a cube and honours the unit attribute", () => {
    const mm = measureDesign(cube3mf("millimeter", 2), "c.3mf");
    close(mm.volumeMm3, 8);
    const cm = measureDesign(cube3mf("centimeter", 2), "c.3mf");
    close(cm.volumeMm3, 8000);
    expect(cm.size.x).toBe(20);
    expect(cm.units).toMatchObject({ detected: "centimeter", source: "3mf", needsConfirmation: false });
    const inch = measureDesign(cube3mf("inch", 1), "c.3mf");
    close(inch.size.z, 25.4, 1e-6);
  });

  it("applies build item and component transforms", () => {
    const body =
      `<resources><object id="1" type="model">${meshXml(meshOf(cube(10)))}</object>` +
      `<object id="2" type="model"><components><component objectid="1"/><component objectid="1" transform="1 0 0 0 1 0 0 0 1 20 0 0"/></components></object></resources>` +
      `<build><item objectid="2" transform="2 0 0 0 1 0 0 0 1 0 0 5"/><item objectid="1" transform="1 0 0 0 1 0 0 0 1 100 0 0"/></build>`;
    const g = measureDesign(threeMf({ "_rels/.rels": RELS, "3D/3dmodel.model": modelXml(body) }), "t.3mf");
    // item 1: two cubes stretched ×2 in x (2000 each), item 2: one cube (1000)
    close(g.volumeMm3, 5000);
    expect(g.shells).toBe(3);
    expect(g.boundingBox.min).toEqual([0, 0, 0]);
    expect(g.boundingBox.max).toEqual([110, 10, 15]);
    expect(g.details.buildItems).toBe(2);
    expect(g.details.components).toBe(2);
  });

  it("follows production-extension paths into other model parts", () => {
    const part = modelXml(`<resources><object id="7" type="model">${meshXml(meshOf(tetra()))}</object></resources><build/>`);
    const root = modelXml(
      `<resources><object id="1" type="model"><components><component p:path="/3D/Objects/part.model" objectid="7" transform="1 0 0 0 1 0 0 0 1 0 0 0"/></components></object></resources><build><item objectid="1"/></build>`,
      "millimeter",
      ' requiredextensions="p"',
    );
    const g = measureDesign(threeMf({ "_rels/.rels": RELS, "3D/3dmodel.model": root, "3D/Objects/part.model": part }), "p.3mf");
    close(g.volumeMm3, 1000 / 6, 1e-5);
    expect(g.details.modelParts).toBe(2);
  });

  it("counts colours of base materials", () => {
    const m = meshOf(cube());
    const body =
      `<resources><basematerials id="5"><base name="red" displaycolor="#FF0000"/><base name="blue" displaycolor="#0000FF"/></basematerials>` +
      `<object id="1" type="model" pid="5" pindex="0"><mesh><vertices>${m.vertices.map((v) => `<vertex x="${v[0]}" y="${v[1]}" z="${v[2]}"/>`).join("")}</vertices>` +
      `<triangles>${m.triangles.map((t, i) => `<triangle v1="${t[0]}" v2="${t[1]}" v3="${t[2]}" pid="5" p1="${i % 2}"/>`).join("")}</triangles></mesh></object></resources><build><item objectid="1"/></build>`;
    const a = analyzeDesign(threeMf({ "_rels/.rels": RELS, "3D/3dmodel.model": modelXml(body) }), "c.3mf");
    expect(a.numberOfColors).toBe(2);
  });
});

describe("analyzeDesign result", () => {
  it("has the spec's File analysis result fields and is JSON-serialisable", () => {
    const a = analyzeDesign(binaryStl(cube()), "cube.stl", { material: "PETG", infill: 20, layerHeight: 0.2, supports: "auto" });
    for (const k of [
      "estimatedWeight",
      "estimatedTimeMinutes",
      "numberOfColors",
      "boundingBox",
      "volume",
      "surfaceArea",
      "infillDensity",
      "layerHeight",
      "printSpeed",
      "supportMaterial",
      "fileFormat",
    ]) {
      expect(a).toHaveProperty(k);
    }
    expect(a.fileFormat).toBe("stl");
    expect(a.volume).toBe(8);
    expect(a.surfaceArea).toBe(24);
    expect(a.infillDensity).toBe(20);
    expect(a.material).toBe("PETG");
    expect(a.supportMaterial).toBe(false);
    expect(a.estimatedWeight).toBeGreaterThan(3);
    expect(a.estimatedWeight).toBeLessThan(6);
    expect(JSON.parse(JSON.stringify(a))).toEqual(a);
  });
});
