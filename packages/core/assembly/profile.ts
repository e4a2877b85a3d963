/**
 * The height profile's sums (profile.ts has the layout and the finishing): each triangle spread over
 * the slabs it spans with the exact distribution of its horizontal section; a triangle spanning more
 * than LONG_SPAN slabs goes in as steps and ramps of difference arrays, O(1), so no mesh can make
 * this quadratic.
 */
import { corner } from "./shared";

const LONG_SPAN: i32 = 24;

function slot(base: usize, b: i32): usize {
  return base + ((<usize>b) << 3);
}

function add(base: usize, b: i32, v: f64): void {
  const p = slot(base, b);
  store<f64>(p, load<f64>(p) + v);
}

/** First slab whose middle is above z. */
function firstAbove(minZ: f64, dz: f64, z: f64): i32 {
  // clamped as a double first: a far-out z must not wrap as an integer
  return <i32>min(1e9, max(0, Math.floor((z - minZ) / dz + 0.5)));
}

/** Adds H to the density of every slab whose middle is above a (quantity q's steps). */
function step(r: usize, q: i32, nb: i32, minZ: f64, dz: f64, a: f64, H: f64): void {
  const k = firstAbove(minZ, dz, a);
  if (k < nb) add(r, q * 3 * (nb + 1) + k, H);
}

/** Adds c·(z − a) to the density at every slab middle z above a (a difference array of second order). */
function ramp(r: usize, q: i32, nb: i32, minZ: f64, dz: f64, a: f64, c: f64): void {
  const k = firstAbove(minZ, dz, a);
  if (k >= nb) return;
  const o = q * 3 * (nb + 1);
  const v0 = minZ + (<f64>k + 0.5) * dz - a; // value at the first middle above a
  add(r, o + (nb + 1) + k, c * (v0 - dz));
  add(r, o + 2 * (nb + 1) + k, c * dz);
}

/** The five weights of a triangle (lateral, up, down, overhang, slope), by index. */
function weight(q: i32, lat: f64, aUp: f64, aDown: f64, ov: f64, aSlope: f64): f64 {
  return q === 0 ? lat : q === 1 ? aUp : q === 2 ? aDown : q === 3 ? ov : aSlope;
}

/**
 * Adds triangles [from, to) to `acc` (f64s: 5 quantities × nb slabs, then their steps and ramps,
 * 3 × (nb + 1) each, then 4 facet statistics). params (f64s): minZ, dz, nb, cos of the support
 * threshold, the bed's tolerance. Faces of shells whose sign (i8 at `sign`, by shellOf's i32) is -1
 * are read flipped; `flip` 0 reads none.
 */
export function profilePass(
  vid: usize,
  pos: usize,
  from: i32,
  to: i32,
  params: usize,
  acc: usize,
  shellOf: usize,
  sign: usize,
  flip: i32,
): void {
  const minZ = load<f64>(params),
    dz = load<f64>(params, 8),
    nb = <i32>load<f64>(params, 16),
    cosT = load<f64>(params, 24),
    bedEps = load<f64>(params, 32);
  const lateral = acc,
    up = slot(acc, nb),
    down = slot(acc, 2 * nb),
    over = slot(acc, 3 * nb),
    slope = slot(acc, 4 * nb);
  const ramps = slot(acc, 5 * nb);
  const st = slot(acc, 5 * nb + 15 * (nb + 1));
  let overhangArea = 0.0,
    overhangProjected = 0.0,
    overhangColumn = 0.0,
    bedArea = 0.0;
  for (let i = from; i < to; i++) {
    const p0 = corner(vid, pos, i, 0),
      p1 = corner(vid, pos, i, 1),
      p2 = corner(vid, pos, i, 2);
    const ax = <f64>load<f32>(p0),
      ay = <f64>load<f32>(p0, 4),
      az = <f64>load<f32>(p0, 8);
    const ux = <f64>load<f32>(p1) - ax,
      uy = <f64>load<f32>(p1, 4) - ay,
      uz = <f64>load<f32>(p1, 8) - az;
    const vx = <f64>load<f32>(p2) - ax,
      vy = <f64>load<f32>(p2, 4) - ay,
      vz = <f64>load<f32>(p2, 8) - az;
    const cx = uy * vz - uz * vy,
      cy = uz * vx - ux * vz;
    let cz = ux * vy - uy * vx;
    const a2 = Math.sqrt(cx * cx + cy * cy + cz * cz);
    if (a2 === 0) continue;
    if (flip !== 0 && load<i8>(sign + <usize>load<i32>(shellOf + ((<usize>i) << 2))) === -1) cz = -cz;
    const area = a2 / 2;
    const nz = cz / a2;
    const proj = area * (nz < 0 ? -nz : nz);
    const lat = area * Math.sqrt(max(0, 1 - nz * nz));
    let z0 = az,
      z1 = <f64>load<f32>(p1, 8),
      z2 = <f64>load<f32>(p2, 8);
    if (z0 > z1) {
      const s = z0;
      z0 = z1;
      z1 = s;
    }
    if (z1 > z2) {
      const s = z1;
      z1 = z2;
      z2 = s;
    }
    if (z0 > z1) {
      const s = z0;
      z0 = z1;
      z1 = s;
    }
    const aUp = nz > 0 ? proj : 0;
    const aDown = nz < 0 ? proj : 0;
    const aSlope = lat * (nz < 0 ? -nz : nz);
    let ov = 0.0;
    if (nz < 0) {
      if (z2 - minZ <= bedEps) bedArea += proj;
      else if (-nz > cosT) {
        ov = proj;
        overhangArea += area;
        overhangProjected += proj;
        overhangColumn += proj * ((z0 + z1 + z2) / 3 - minZ);
      }
    }
    // slab indices clamped as doubles first (a far-out z must not wrap as an integer)
    let f0 = Math.floor((z0 - minZ) / dz),
      f2 = Math.floor((z2 - minZ) / dz);
    if (f0 < 0) f0 = 0;
    if (f2 >= <f64>nb) f2 = <f64>(nb - 1);
    if (f0 > f2) f0 = f2;
    const b0 = <i32>f0,
      b2 = <i32>f2;
    if (b0 === b2) {
      add(lateral, b0, lat);
      add(up, b0, aUp);
      add(down, b0, aDown);
      add(over, b0, ov);
      add(slope, b0, aSlope);
      continue;
    }
    // spread with the triangle's section-length distribution: CDF F(z)
    const span = z2 - z0;
    const lowSpan = z1 - z0,
      highSpan = z2 - z1;
    if (b2 - b0 > LONG_SPAN) {
      // a long triangle (a tall wall in few facets, or a hostile sliver): its tent-shaped density
      // goes in as steps and ramps sampled at slab middles
      if (lowSpan > span * 1e-6 && highSpan > span * 1e-6) {
        const c0 = 2 / (span * lowSpan),
          c2 = 2 / (span * highSpan);
        for (let q = 0; q < 5; q++) {
          const wq = weight(q, lat, aUp, aDown, ov, aSlope);
          if (wq === 0) continue;
          ramp(ramps, q, nb, minZ, dz, z0, c0 * wq);
          ramp(ramps, q, nb, minZ, dz, z1, -(c0 + c2) * wq);
          ramp(ramps, q, nb, minZ, dz, z2, c2 * wq);
        }
      } else if (lowSpan <= span * 1e-6) {
        const c2 = 2 / (span * span); // density falls from 2/span at z0 to 0 at z2
        for (let q = 0; q < 5; q++) {
          const wq = weight(q, lat, aUp, aDown, ov, aSlope);
          if (wq === 0) continue;
          step(ramps, q, nb, minZ, dz, z0, c2 * span * wq);
          ramp(ramps, q, nb, minZ, dz, z0, -c2 * wq);
          ramp(ramps, q, nb, minZ, dz, z2, c2 * wq);
        }
      } else {
        const c0 = 2 / (span * span); // density rises from 0 at z0 to 2/span at z2
        for (let q = 0; q < 5; q++) {
          const wq = weight(q, lat, aUp, aDown, ov, aSlope);
          if (wq === 0) continue;
          ramp(ramps, q, nb, minZ, dz, z0, c0 * wq);
          ramp(ramps, q, nb, minZ, dz, z2, -c0 * wq);
          step(ramps, q, nb, minZ, dz, z2, -c0 * span * wq);
        }
      }
      continue;
    }
    let prev = 0.0;
    for (let b = b0; b <= b2; b++) {
      const zt = b === b2 ? z2 : minZ + <f64>(b + 1) * dz;
      let F: f64;
      if (zt >= z2) F = 1;
      else if (zt <= z0) F = 0;
      else if (zt <= z1) F = lowSpan > 0 ? ((zt - z0) * (zt - z0)) / (span * lowSpan) : 0;
      else F = highSpan > 0 ? 1 - ((z2 - zt) * (z2 - zt)) / (span * highSpan) : 1;
      const w = F - prev;
      prev = F;
      if (w <= 0) continue;
      add(lateral, b, lat * w);
      add(up, b, aUp * w);
      add(down, b, aDown * w);
      add(over, b, ov * w);
      add(slope, b, aSlope * w);
    }
  }
  store<f64>(st, load<f64>(st) + overhangArea);
  store<f64>(st, load<f64>(st, 8) + overhangProjected, 8);
  store<f64>(st, load<f64>(st, 16) + overhangColumn, 16);
  store<f64>(st, load<f64>(st, 24) + bedArea, 24);
}
