/**
 * The analysis kernels (packages/core/assembly, AssemblyScript compiled to WebAssembly by
 * scripts/build-kernels.mjs): the passes that go over every triangle, vertex reference or crossing.
 * Why WebAssembly: the same passes as JavaScript ran unoptimised for the first part of every file
 * while V8 compiled them, and fell back to the interpreter whenever they met a path they had not
 * seen (README, "Speed"); a WebAssembly module is compiled before it runs, and the same module runs
 * in Node, Lambda and the browser's worker. The kernels own no memory: each analysis gets an Arena,
 * one WebAssembly.Memory sized for that design, where the caller places every array (bump
 * allocation, released in stack order), so the passes reuse the memory of the ones before instead
 * of asking the system for fresh pages (on a VM each first touch of a page costs ~10 µs).
 */
import { KERNELS_WASM } from "./wasm.generated.ts";

type Ptr = number;

/** The kernels' exports (assembly/index.ts): pointers are byte offsets into the arena's memory. */
export interface Kernels {
  measureBlocksInit(blocks: Ptr, count: number): void;
  recentBytes(): number;
  weldTriangles(
    input: Ptr,
    stride: number,
    offset: number,
    k: number,
    first: number,
    scale: number,
    vid: Ptr,
    pos: Ptr,
    table: Ptr,
    recent: Ptr,
    state: Ptr,
    blocks: Ptr,
  ): void;
  identity(parent: Ptr, n: number): void;
  unionPass(vid: Ptr, parent: Ptr, from: number, to: number): void;
  labelPass(parent: Ptr, nv: number): number;
  shellVolumePass(vid: Ptr, pos: Ptr, label: Ptr, shellOf: Ptr, volumes: Ptr, from: number, to: number): void;
  edgeCountPass(vid: Ptr, start: Ptr, from: number, to: number): number;
  runningSums(a: Ptr, n: number): void;
  edgeFillPass(vid: Ptr, fill: Ptr, his: Ptr, base: number, v0: number, v1: number, from: number, to: number): void;
  edgeScanPass(start: Ptr, his: Ptr, base: number, last: number, lastEnd: number, stats: Ptr, from: number, to: number): void;
  profilePass(vid: Ptr, pos: Ptr, from: number, to: number, params: Ptr, acc: Ptr, shellOf: Ptr, sign: Ptr, flip: number): void;
  shellRangePass(pos: Ptr, label: Ptr, lo: Ptr, hi: Ptr, from: number, to: number): void;
  rasterPass(
    vid: Ptr,
    pos: Ptr,
    from: number,
    to: number,
    params: Ptr,
    shellOf: Ptr,
    sign: Ptr,
    flip: number,
    cells: Ptr,
    zs: Ptr,
    kind: Ptr,
    room: number,
    st: Ptr,
  ): void;
  countCells(cells: Ptr, n: number, count: Ptr): void;
  countsToStarts(count: Ptr, cells: number): number;
  scatterCrossings(cells: Ptr, zs: Ptr, kind: Ptr, n: number, cursor: Ptr, outZ: Ptr, outKind: Ptr): void;
  walkColumns(
    start: Ptr,
    zs: Ptr,
    kind: Ptr,
    cells: number,
    params: Ptr,
    depths: Ptr,
    depthCount: number,
    skinUp: Ptr,
    skinDown: Ptr,
    area: Ptr,
    areaSum: Ptr,
    sampleZ: Ptr,
    samples: number,
    windAt: Ptr,
    ivStart: Ptr,
    ivLo: Ptr,
    ivHi: Ptr,
    ivRoom: number,
    ctCell: Ptr,
    ctZ: Ptr,
    ctRoom: number,
    evZ: Ptr,
    evK: Ptr,
    keys: Ptr,
    spans: Ptr,
    state: Ptr,
  ): number;
  contourShare(windAt: Ptr, gx: number, gy: number): number;
  supportColumns(
    ivStart: Ptr,
    ivLo: Ptr,
    ivHi: Ptr,
    ctCell: Ptr,
    ctZ: Ptr,
    contacts: number,
    gx: number,
    gy: number,
    params: Ptr,
    support: Ptr,
    supportTop: Ptr,
    top: Ptr,
    cStart: Ptr,
    edge: Ptr,
    svStart: Ptr,
    b0s: Ptr,
    b1s: Ptr,
  ): number;
  supportOutline(svStart: Ptr, b0s: Ptr, b1s: Ptr, gx: number, gy: number, cx: number, cy: number, d: Ptr): void;
  islandsAt(
    ivStart: Ptr,
    ivLo: Ptr,
    ivHi: Ptr,
    gx: number,
    gy: number,
    f: number,
    cx: number,
    cy: number,
    z: number,
    inside: Ptr,
    parent: Ptr,
  ): number;
}

const PAGE = 65536;

/**
 * The part of the WebAssembly JavaScript API used here, typed locally: core's TypeScript has no DOM
 * lib (it runs on servers too), and the site's, which has one, would see a second declaration.
 */
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
}
export interface WasmModule {
  readonly __wasmModule?: never;
}
interface WasmApi {
  Module: new (bytes: Uint8Array) => WasmModule;
  Memory: new (d: { initial: number; maximum?: number; shared?: boolean }) => WasmMemory;
  Instance: new (m: WasmModule, imports: Record<string, Record<string, unknown>>) => { exports: unknown };
}
/** Read when used, not when this module loads: the site's pages that only price import it too, and a bundler keeps a load-time read. */
export const wasmApi = (): WasmApi => (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

let compiled: WasmModule | undefined;

/** The kernels' module, compiled once per process (or worker): about a millisecond. */
export function kernelModule(): WasmModule {
  compiled ??= new (wasmApi().Module)(Arena.decode(KERNELS_WASM));
  return compiled;
}

/**
 * One analysis's memory: `bytes` reserved up front (the system gives pages only when first touched,
 * so reserving the most a design can need costs nothing more than using less), never grown, so the
 * typed-array views taken of it stay valid. Arrays are placed by `alloc` and given back by `release`
 * (stack order: everything placed after a mark).
 */
export class Arena {
  readonly memory: WasmMemory;
  readonly k: Kernels;
  private top = 16;

  /** `memory`: one made elsewhere (shared memory, kernels/shared.ts, or a helper thread's view of it: bytes 0). */
  constructor(
    bytes: number,
    readonly module: WasmModule = kernelModule(),
    memory?: WasmMemory,
  ) {
    this.memory = memory ?? new (wasmApi().Memory)({ initial: Math.ceil((bytes + 64) / PAGE) });
    this.k = new (wasmApi().Instance)(module, { env: { memory: this.memory } }).exports as Kernels;
  }

  /** A module's bytes from the base64 the build writes (scripts/build-kernels.mjs). */
  static decode(base64: string): Uint8Array {
    const s = atob(base64);
    const out = new Uint8Array(s.length);
    for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
    return out;
  }

  get size(): number {
    return this.memory.buffer.byteLength;
  }

  /** `bytes` at a 16-byte boundary. Their contents are what was there before (zero when never used): `zeroed` clears them. */
  alloc(bytes: number): Ptr {
    const at = (this.top + 15) & ~15;
    if (at + bytes > this.size) throw new Error(`analysis arena: ${at + bytes} bytes asked for, ${this.size} reserved`);
    this.top = at + bytes;
    return at;
  }

  zeroed(bytes: number): Ptr {
    const at = this.alloc(bytes);
    this.u8(at, bytes).fill(0);
    return at;
  }

  mark(): number {
    return this.top;
  }

  release(mark: number): void {
    this.top = mark;
  }

  f32(at: Ptr, n: number): Float32Array {
    return new Float32Array(this.memory.buffer, at, n);
  }
  f64(at: Ptr, n: number): Float64Array {
    return new Float64Array(this.memory.buffer, at, n);
  }
  i32(at: Ptr, n: number): Int32Array {
    return new Int32Array(this.memory.buffer, at, n);
  }
  u32(at: Ptr, n: number): Uint32Array {
    return new Uint32Array(this.memory.buffer, at, n);
  }
  u8(at: Ptr, n: number): Uint8Array {
    return new Uint8Array(this.memory.buffer, at, n);
  }
  i8(at: Ptr, n: number): Int8Array {
    return new Int8Array(this.memory.buffer, at, n);
  }

  /** Where `t` is in this memory: itself when it is a view of it, else a copy placed here. */
  place(t: Float32Array): Ptr {
    if (t.buffer === this.memory.buffer) return t.byteOffset;
    const at = this.alloc(t.byteLength);
    this.f32(at, t.length).set(t);
    return at;
  }
}
