import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { measureDesign } from "../../src/analysis/index.ts";
import { filePieces } from "../../src/analysis/node-file.ts";
import { measureDesignStream } from "../../src/analysis/stream.ts";
import { isVisibleError } from "../../src/shared/errors.ts";
import { asciiStl, binaryStl, box, cube, cube3mf, objBox, type Tri } from "./fixtures.ts";

/**
 * A design measured as its bytes arrive (stream.ts) gives exactly what measureDesign gives on the
 * whole file, however the bytes are cut into pieces (records split anywhere, pieces of one byte,
 * odd offsets into their buffers), and a file that changes while it is read is refused in words.
 */
async function* piecesOf(bytes: Uint8Array, sizes: number[]): AsyncGenerator<Uint8Array> {
  let at = 0;
  for (let k = 0; at < bytes.length; k++) {
    const n = sizes[k % sizes.length]!;
    // each piece in a buffer of its own, at an odd offset, as a stream may hand them
    const buf = new Uint8Array(n + 1);
    buf.set(bytes.subarray(at, at + n), 1);
    yield buf.subarray(1, 1 + Math.min(n, bytes.length - at));
    at += n;
  }
}

const stream = (bytes: Uint8Array, name: string, sizes: number[], size = bytes.length) =>
  measureDesignStream(piecesOf(bytes, sizes), size, name);

/** Several separate boxes: enough triangles for pieces to cut records in many places. */
const boxes = (k: number): Tri[] => Array.from({ length: k }, (_, i) => box(i * 12, (i % 3) * 9, 0, 8, 6, 4 + (i % 5))).flat();

describe("a design measured as it is read", () => {
  const big = binaryStl(boxes(60));
  const whole = JSON.stringify(measureDesign(big, "boxes.stl"));

  for (const sizes of [[big.length], [1 << 10], [1], [7, 50, 3, 101], [84, 50], [83, 51, 49]]) {
    it(`a binary STL in pieces of ${sizes.join(", ")} bytes: the same geometry as the whole file`, async () => {
      expect(JSON.stringify(await stream(big, "boxes.stl", sizes))).toBe(whole);
    });
  }

  it("a binary STL with per-facet colours (Materialise header)", async () => {
    const bytes = binaryStl(cube(), "COLOR=\xff\x00\x00\xff MATERIAL=", 0x001f);
    expect(JSON.stringify(await stream(bytes, "c.stl", [13]))).toBe(JSON.stringify(measureDesign(bytes, "c.stl")));
  });

  it("ASCII STL, OBJ and 3MF are gathered and measured whole", async () => {
    const files: Array<[Uint8Array, string]> = [
      [asciiStl([{ name: "a", tris: cube() }]), "a.stl"],
      [objBox(), "b.obj"],
      [cube3mf(), "c.3mf"],
    ];
    for (const [bytes, name] of files) {
      expect(JSON.stringify(await stream(bytes, name, [100, 3]))).toBe(JSON.stringify(measureDesign(bytes, name)));
    }
  });

  it("the same refusals as the whole file: a non-finite coordinate names its triangle", async () => {
    const bytes = binaryStl(cube());
    new DataView(bytes.buffer).setFloat32(84 + 50 * 5 + 12 + 4, Number.NaN, true);
    const err = await stream(bytes, "nan.stl", [64]).catch((e: unknown) => e);
    expect(isVisibleError(err) && err.message).toContain("Triangle 6");
  });

  it("a file that is shorter or longer than it was said to be is refused in words, never measured", async () => {
    for (const size of [big.length + 50, big.length - 50, big.length + 1]) {
      const err = await stream(big, "boxes.stl", [4096], size).catch((e: unknown) => e);
      expect(isVisibleError(err)).toBe(true);
      expect((err as Error).message).toMatch(/STL|changed while it was read/);
    }
    const err = await stream(big.subarray(0, 2000), "boxes.stl", [512], big.length).catch((e: unknown) => e);
    expect((err as Error).message).toContain("changed while it was read");
  });

  it("an empty file or one over the size limit is refused before anything is read", async () => {
    const err = await stream(new Uint8Array(0), "e.stl", [1]).catch((e: unknown) => e);
    expect(isVisibleError(err) && err.code).toBe("empty_file");
  });
});

describe("a file read from disk in pieces (node-file.ts, the CLI's reader)", () => {
  it("gives the file's bytes in order, and the same geometry as the whole file, whatever the piece size", async () => {
    const bytes = binaryStl(boxes(40));
    const dir = mkdtempSync(join(tmpdir(), "printhood-pieces-"));
    try {
      const path = join(dir, "boxes.stl");
      writeFileSync(path, bytes);
      for (const size of [1, 50, 4096, 1 << 18]) {
        const got: number[] = [];
        // each piece copied before the next is asked for, as stream.ts does (the buffer is used again)
        for await (const piece of filePieces(path, size)) got.push(...piece);
        expect(Uint8Array.from(got)).toEqual(bytes);
        expect(await measureDesignStream(filePieces(path, size), bytes.length, "boxes.stl")).toEqual(measureDesign(bytes, "boxes.stl"));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
