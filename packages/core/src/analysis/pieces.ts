/**
 * The passes over every triangle (or vertex reference) run in pieces, each a call of a function with
 * one loop: V8 optimises a function that is called again and again sooner and more surely than one
 * long loop. The first piece is short, so that the whole function — the code after its loop too — has
 * run once before V8 optimises it: V8 compiles a loop from what it has seen run, and code it has never
 * seen run (a sum written after the loop, a rare branch) makes the optimised code fall back to the
 * interpreter when it is reached; a loop that is optimised while it runs (on-stack replacement) then
 * kept falling back at the end of every later piece, and each fall-back left up to a whole piece to the
 * interpreter (README, "Speed": 20–45 ms a time on a 1M-triangle file).
 */
export const PIECE = 16384;
const FIRST = 64;

/** [start, end) of each piece of [from, to), the first one short. */
export function* pieces(from: number, to: number, size = PIECE): Generator<[number, number]> {
  for (let a = from, b = Math.min(to, from + FIRST); a < to; a = b, b = Math.min(to, b + size)) yield [a, b];
}
