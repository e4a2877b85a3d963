/**
 * The kernels compiled for shared memory (Node's helper threads: parallel.ts). Not imported by the
 * site: a browser gives shared memory only to cross-origin-isolated pages, and its worker runs the
 * analysis on one thread (kernels/index.ts).
 */
import { Arena, type WasmModule, wasmApi } from "./index.ts";
import { KERNELS_SHARED_WASM } from "./wasm-shared.generated.ts";

let compiled: WasmModule | undefined;

/** An arena of shared memory (its Memory and module can be posted to worker threads), `bytes` reserved. */
export function sharedArena(bytes: number): Arena {
  compiled ??= new (wasmApi().Module)(Arena.decode(KERNELS_SHARED_WASM));
  const pages = Math.ceil((bytes + 64) / 65536);
  return new Arena(bytes, compiled, new (wasmApi().Memory)({ initial: pages, maximum: pages, shared: true }));
}
