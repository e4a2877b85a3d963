/**
 * The passes over every triangle (or vertex reference) run in pieces, each a call of a kernel
 * (kernels/index.ts): V8 first runs a WebAssembly function as its quick baseline compile and swaps in
 * the optimised code, compiled meanwhile on another thread, only for the function's next call (there
 * is no switch in the middle of a running call), so a pass made of many calls runs optimised after its
 * first pieces. The first piece is short, so the baseline runs as little as it can. (The JavaScript
 * passes before the kernels needed the same for V8's JavaScript compiler: README, "Speed".)
 */
export const PIECE = 16384;
const FIRST = 64;

/** [start, end) of each piece of [from, to), the first one short. */
export function* pieces(from: number, to: number, size = PIECE): Generator<[number, number]> {
  for (let a = from, b = Math.min(to, from + FIRST); a < to; a = b, b = Math.min(to, b + size)) yield [a, b];
}
