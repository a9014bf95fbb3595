/**
 * The height math of terrain3d (M-1): a heightmap read bilinearly and seeded fractal value noise.
 * Twin of src/reference/terrain.ts: the same operations in the same order; JS's Math.imul, `^`, `>>>` and `|0`
 * are i32 instructions here, so both cores give the same f64 bits (WX-3).
 */
import { F64s } from './memory';

/** A lerp exact at t = 0, so a point on a sample reads that sample's value bit for bit. */
function lerp(a: f64, b: f64, t: f64): f64 {
  return a + (b - a) * t;
}

/**
 * The heightmap's height at (x, z): bilinear between the four samples around the point, `data[iz·nx + ix]` at
 * (originX + ix·spacing, originZ + iz·spacing), and flat past the edge (the point is clamped onto the grid).
 */
export function heightmapHeight(
  data: F64s,
  nx: f64,
  nz: f64,
  originX: f64,
  originZ: f64,
  spacing: f64,
  x: f64,
  z: f64,
): f64 {
  const u = Math.min(Math.max((x - originX) / spacing, 0.0), nx - 1.0);
  const v = Math.min(Math.max((z - originZ) / spacing, 0.0), nz - 1.0);
  // On the last row or column the sample's neighbour is itself, so the edge reads exactly and no index runs past.
  const ix = Math.floor(u);
  const iz = Math.floor(v);
  const ix1 = Math.min(ix + 1.0, nx - 1.0);
  const iz1 = Math.min(iz + 1.0, nz - 1.0);
  const fx = u - ix;
  const fz = v - iz;
  const row0 = iz * nx;
  const row1 = iz1 * nx;
  const near = lerp(data[<i32>(row0 + ix)], data[<i32>(row0 + ix1)], fx);
  const far = lerp(data[<i32>(row1 + ix)], data[<i32>(row1 + ix1)], fx);
  return lerp(near, far, fz);
}

// Hash constants, odd 32-bit multipliers (murmur3's finaliser and two large primes).
const MIX_A: i32 = <i32>0x85ebca6b;
const MIX_B: i32 = <i32>0xc2b2ae35;
const PRIME_X: i32 = <i32>0x27d4eb2d;
const PRIME_Z: i32 = <i32>0x165667b1;
const OCTAVE_STEP: i32 = <i32>0x9e3779b9;
const TWO_POW_32: f64 = 4294967296.0;
const U32_MAX: f64 = 4294967295.0;

/** murmur3's 32-bit finaliser: every input bit flips about half the output bits, so neighbours look unrelated. */
function mix32(h: i32): i32 {
  h = (h ^ (h >>> 16)) * MIX_A;
  h = (h ^ (h >>> 13)) * MIX_B;
  return h ^ (h >>> 16);
}

/**
 * A whole-numbered f64 as an i32, wrapping modulo 2³² with float operations first, because JS `|0` wraps while
 * AssemblyScript's f64→i32 saturates: both agree on numbers already inside [0, 2³²).
 */
function wrapI32(f: f64): i32 {
  return <i32><u32>(f - Math.floor(f / TWO_POW_32) * TWO_POW_32);
}

/** The value in [−1, 1] at the lattice point (ix, iz) for a seed: a hash of all three, mixed twice. */
function pointValue(seed: i32, ix: i32, iz: i32): f64 {
  const h = mix32(mix32(seed ^ (ix * PRIME_X)) ^ (iz * PRIME_Z));
  return (<f64><u32>h / U32_MAX) * 2.0 - 1.0;
}

/** 3t² − 2t³: eases between lattice values with a zero slope at each lattice point, so octaves show no grid creases. */
function smoothstep(t: f64): f64 {
  return t * t * (3.0 - 2.0 * t);
}

/** One octave of value noise at (x, z) in lattice units, in [−1, 1]: the four lattice values around it, eased. */
function valueNoise(seed: i32, x: f64, z: f64): f64 {
  const fx = Math.floor(x);
  const fz = Math.floor(z);
  const ix = wrapI32(fx);
  const iz = wrapI32(fz);
  const ix1 = ix + 1;
  const iz1 = iz + 1;
  const sx = smoothstep(x - fx);
  const sz = smoothstep(z - fz);
  const near = lerp(pointValue(seed, ix, iz), pointValue(seed, ix1, iz), sx);
  const far = lerp(pointValue(seed, ix, iz1), pointValue(seed, ix1, iz1), sx);
  return lerp(near, far, sz);
}

/**
 * Seeded fractal value noise at (x, z), within ±amplitude: `octaves` layers of value noise, the first on a lattice
 * of `wavelength` metres, each next one at twice the frequency and half the weight, divided by the sum of the
 * weights so the full range is ±amplitude. `seed` is an i32; each octave hashes with its own seed.
 */
export function noiseHeight(seed: i32, amplitude: f64, wavelength: f64, octaves: i32, x: f64, z: f64): f64 {
  let frequency = 1.0 / wavelength;
  let weight: f64 = 1.0;
  let sum: f64 = 0.0;
  let weights: f64 = 0.0;
  for (let octave = 0; octave < octaves; octave++) {
    const octaveSeed = seed + octave * OCTAVE_STEP;
    sum += weight * valueNoise(octaveSeed, x * frequency, z * frequency);
    weights += weight;
    frequency *= 2.0;
    weight *= 0.5;
  }
  // The clamp only catches a last-bit rounding past the range, so ±amplitude is a guarantee, not a near miss.
  return Math.min(Math.max((amplitude * sum) / weights, -amplitude), amplitude);
}

/** Water depth over ground of height `height` under a water level: max(0, water − height). */
export function waterDepthAt(water: f64, height: f64): f64 {
  return Math.max(0.0, water - height);
}
