/**
 * The height math of terrain3d (M-1): a heightmap read bilinearly and seeded fractal value noise.
 * Mirrored line for line by the AssemblyScript core, so it uses only + − × ÷, sqrt, floor, min/max and 32-bit
 * integer hashing (Math.imul, ^, >>>, |0, each one wasm i32 instruction): both cores give the same f64 bits (WX-3).
 */

/** A lerp exact at t = 0, so a point on a sample reads that sample's value bit for bit. */
function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}

/**
 * The heightmap's height at (x, z): bilinear between the four samples around the point, `data[iz·nx + ix]` at
 * (originX + ix·spacing, originZ + iz·spacing), and flat past the edge (the point is clamped onto the grid).
 * Why: a heightmap is a game's hand-made ground; reading it bilinearly makes it continuous between samples (M-1).
 */
export function heightmapHeight(
  data: Float64Array,
  nx: number,
  nz: number,
  originX: number,
  originZ: number,
  spacing: number,
  x: number,
  z: number,
): number {
  const u = Math.min(Math.max((x - originX) / spacing, 0), nx - 1);
  const v = Math.min(Math.max((z - originZ) / spacing, 0), nz - 1);
  // On the last row or column the sample's neighbour is itself, so the edge reads exactly and no index runs past.
  const ix = Math.floor(u);
  const iz = Math.floor(v);
  const ix1 = Math.min(ix + 1, nx - 1);
  const iz1 = Math.min(iz + 1, nz - 1);
  const fx = u - ix;
  const fz = v - iz;
  const row0 = iz * nx;
  const row1 = iz1 * nx;
  const near = lerp(data[row0 + ix], data[row0 + ix1], fx);
  const far = lerp(data[row1 + ix], data[row1 + ix1], fx);
  return lerp(near, far, fz);
}

// Hash constants, odd 32-bit multipliers (murmur3's finaliser and two large primes); AssemblyScript writes them <i32>.
const MIX_A = 0x85ebca6b;
const MIX_B = 0xc2b2ae35;
const PRIME_X = 0x27d4eb2d;
const PRIME_Z = 0x165667b1;
const OCTAVE_STEP = 0x9e3779b9;
const TWO_POW_32 = 4294967296;
const U32_MAX = 4294967295;

/** murmur3's 32-bit finaliser: every input bit flips about half the output bits, so neighbours look unrelated. */
function mix32(h: number): number {
  h = Math.imul(h ^ (h >>> 16), MIX_A);
  h = Math.imul(h ^ (h >>> 13), MIX_B);
  return (h ^ (h >>> 16)) | 0;
}

/**
 * A whole-numbered f64 as an i32, wrapping modulo 2³² with float operations first, because JS `|0` wraps while
 * AssemblyScript's f64→i32 saturates: both agree on numbers already inside [0, 2³²).
 */
function wrapI32(f: number): number {
  return (f - Math.floor(f / TWO_POW_32) * TWO_POW_32) | 0;
}

/** The value in [−1, 1] at the lattice point (ix, iz) for a seed: a hash of all three, mixed twice. */
function pointValue(seed: number, ix: number, iz: number): number {
  const h = mix32(mix32(seed ^ Math.imul(ix, PRIME_X)) ^ Math.imul(iz, PRIME_Z));
  return ((h >>> 0) / U32_MAX) * 2 - 1;
}

/** 3t² − 2t³: eases between lattice values with a zero slope at each lattice point, so octaves show no grid creases. */
function smoothstep(t: number): number {
  return t * t * (3 - 2 * t);
}

/** One octave of value noise at (x, z) in lattice units, in [−1, 1]: the four lattice values around it, eased. */
function valueNoise(seed: number, x: number, z: number): number {
  const fx = Math.floor(x);
  const fz = Math.floor(z);
  const ix = wrapI32(fx);
  const iz = wrapI32(fz);
  const ix1 = (ix + 1) | 0;
  const iz1 = (iz + 1) | 0;
  const sx = smoothstep(x - fx);
  const sz = smoothstep(z - fz);
  const near = lerp(pointValue(seed, ix, iz), pointValue(seed, ix1, iz), sx);
  const far = lerp(pointValue(seed, ix, iz1), pointValue(seed, ix1, iz1), sx);
  return lerp(near, far, sz);
}

/**
 * Seeded fractal value noise at (x, z), within ±amplitude: `octaves` layers of value noise, the first on a lattice
 * of `wavelength` metres, each next one at twice the frequency and half the weight, divided by the sum of the
 * weights so the full range is ±amplitude. `seed` is an i32; each octave hashes with its own seed, so octaves are
 * unrelated. Why: rolling ground from four numbers, the same bits in both cores and on every machine (M-1).
 */
export function noiseHeight(seed: number, amplitude: number, wavelength: number, octaves: number, x: number, z: number): number {
  let frequency = 1 / wavelength;
  let weight = 1.0;
  let sum = 0.0;
  let weights = 0.0;
  for (let octave = 0; octave < octaves; octave++) {
    const octaveSeed = (seed + Math.imul(octave, OCTAVE_STEP)) | 0;
    sum += weight * valueNoise(octaveSeed, x * frequency, z * frequency);
    weights += weight;
    frequency *= 2;
    weight *= 0.5;
  }
  // The clamp only catches a last-bit rounding past the range, so ±amplitude is a guarantee, not a near miss.
  return Math.min(Math.max((amplitude * sum) / weights, -amplitude), amplitude);
}

/** Water depth over ground of height `height` under a water level: max(0, water − height). Why: M-1's depth. */
export function waterDepthAt(water: number, height: number): number {
  return Math.max(0, water - height);
}
