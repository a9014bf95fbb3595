/**
 * The terrain3d mod (M-1): `world.terrain3d` read, checked once per object, and turned into height, depth and cell.
 * The height math itself is src/reference/terrain.ts, which the wasm core mirrors.
 */
import { checkKnownKeys } from '../known.ts';
import { MAX_HEIGHT, MIN_CELL, fixSettings, show } from '../limits.ts';
import { checkInWorld, checkNumber, checkVector } from '../rows.ts';
import { heightmapHeight, noiseHeight, waterDepthAt } from '../reference/terrain.ts';
import type { Ground, Terrain3dHeightmap, Terrain3dNoise, Terrain3dRing, Terrain3dSettings } from '../types.ts';

export type { Terrain3dHeightmap, Terrain3dNoise, Terrain3dRing, Terrain3dSettings } from '../types.ts';

/** `world.terrain3d` checked: the numbers the height math reads, heightmap samples copied into a Float64Array. */
export interface Terrain3d {
  cell: number;
  heightmap?: {
    originX: number;
    originZ: number;
    spacing: number;
    nx: number;
    nz: number;
    data: Float64Array;
  };
  /** `seed` is the i32 the hash mixes (the settings' seed modulo 2³²). */
  noise?: Terrain3dNoise;
  water?: number;
}

/** The fields of each object of `world.terrain3d` (BI-5). */
const TERRAIN3D_FIELDS: readonly (keyof Terrain3dSettings)[] = ['rings', 'heightmap', 'noise', 'water'];
const RING_FIELDS: readonly (keyof Terrain3dRing)[] = ['reach', 'seg'];
const HEIGHTMAP_FIELDS: readonly (keyof Terrain3dHeightmap)[] = ['origin', 'spacing', 'nx', 'nz', 'data'];
const NOISE_FIELDS: readonly (keyof Terrain3dNoise)[] = ['seed', 'amplitude', 'wavelength', 'octaves'];

/** The most octaves accepted: by the 20th a feature is a millionth of the wavelength, below anything drawn. */
const MAX_OCTAVES = 20;

function fail(field: string, value: unknown, expected: string): never {
  throw new Error(`walker: world.terrain3d${field === '' ? '' : '.'}${field} is ${show(value)}; expected ${expected}.`);
}

/** The object at `field`, holding only the keys `known` (BI-5). */
function objectAt(field: string, value: unknown, known: readonly string[]): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) fail(field, value, 'an object');
  checkKnownKeys(`world.terrain3d${field === '' ? '' : '.'}${field}`, value, known);
  return value as Record<string, unknown>;
}

function positiveAt(field: string, value: unknown): number {
  const n = checkNumber(`world.terrain3d.${field}`, value);
  if (!(n > 0)) fail(field, n, 'a finite number > 0');
  return n;
}

function wholeAt(field: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    fail(field, value, max === Infinity ? `a whole number ≥ ${min}` : `a whole number from ${min} to ${max}`);
  }
  return value;
}

function parseRings(value: unknown): number {
  if (!Array.isArray(value) || value.length === 0) fail('rings', value, 'a non-empty list of { reach, seg }');
  value.forEach((ring, i) => {
    const r = objectAt(`rings[${i}]`, ring, RING_FIELDS);
    positiveAt(`rings[${i}].reach`, r.reach);
    wholeAt(`rings[${i}].seg`, r.seg, 1, Infinity);
  });
  const finest = value[0] as Terrain3dRing;
  const cell = (2 * finest.reach) / finest.seg;
  if (!(cell >= MIN_CELL)) {
    throw new Error(`walker: world.terrain3d.rings[0] is { reach: ${finest.reach}, seg: ${finest.seg} }, a cell of 2·reach/seg = ${cell} m; expected a cell ≥ ${MIN_CELL} m.`);
  }
  return cell;
}

function parseHeightmap(value: unknown): Terrain3d['heightmap'] {
  const h = objectAt('heightmap', value, HEIGHTMAP_FIELDS);
  const origin = checkVector('world.terrain3d.heightmap.origin', h.origin, 2);
  checkInWorld('world.terrain3d.heightmap.origin', origin[0], origin[1]);
  const spacing = positiveAt('heightmap.spacing', h.spacing);
  const nx = wholeAt('heightmap.nx', h.nx, 1, 2 ** 30);
  const nz = wholeAt('heightmap.nz', h.nz, 1, 2 ** 30);
  const samples = h.data as ArrayLike<unknown> | null | undefined;
  if (samples === null || typeof samples !== 'object' || typeof samples.length !== 'number') {
    fail('heightmap.data', samples, 'a list of numbers');
  }
  if (samples.length !== nx * nz) {
    throw new Error(`walker: world.terrain3d.heightmap.data has ${samples.length} samples; expected nx·nz = ${nx * nz}.`);
  }
  const data = new Float64Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const sample = samples[i];
    if (typeof sample !== 'number' || !(Math.abs(sample) <= MAX_HEIGHT)) fail(`heightmap.data[${i}]`, sample, `a finite number within ±${MAX_HEIGHT}`);
    data[i] = sample;
  }
  return { originX: origin[0], originZ: origin[1], spacing, nx, nz, data };
}

function parseNoise(value: unknown): Terrain3dNoise {
  const n = objectAt('noise', value, NOISE_FIELDS);
  const seed = wholeAt('noise.seed', n.seed, -(2 ** 31), 2 ** 32 - 1);
  return {
    seed: seed | 0,
    amplitude: checkNumber('world.terrain3d.noise.amplitude', n.amplitude, 0, MAX_HEIGHT),
    wavelength: positiveAt('noise.wavelength', n.wavelength),
    octaves: wholeAt('noise.octaves', n.octaves, 1, MAX_OCTAVES),
  };
}

/** Checks `world.terrain3d` against M-1's shape; throws a one-sentence Error naming the field and its value. */
function parseTerrain3d(value: unknown): Terrain3d {
  if (value === undefined) throw new Error('walker: world has no terrain3d settings (world.terrain3d), nor does any parent.');
  const t = objectAt('', value, TERRAIN3D_FIELDS);
  const parsed: Terrain3d = { cell: parseRings(t.rings) };
  if (t.heightmap !== undefined) parsed.heightmap = parseHeightmap(t.heightmap);
  if (t.noise !== undefined) parsed.noise = parseNoise(t.noise);
  if (t.water !== undefined) parsed.water = checkNumber('world.terrain3d.water', t.water, -MAX_HEIGHT, MAX_HEIGHT);
  return parsed;
}

const parsedSettings = new WeakMap<object, Terrain3d>();

/**
 * `world.terrain3d` checked and normalised, once per settings object, which is then fixed as read (src/limits.ts
 * fixSettings: rings, heightmap, noise and water become read-only, their objects and lists frozen), so a later edit
 * throws in strict code instead of being silently ignored (M-1). Why: the ground is built often (each groundOf) and
 * the wasm core copies these numbers into its memory.
 */
export function terrain3dOf(settings: unknown): Terrain3d {
  if (settings !== null && typeof settings === 'object') {
    const cached = parsedSettings.get(settings);
    if (cached !== undefined) return cached;
  }
  const parsed = parseTerrain3d(settings);
  fixSettings(settings as object, TERRAIN3D_FIELDS, 2);
  parsedSettings.set(settings as object, parsed);
  return parsed;
}

/**
 * The ground parts terrain3d gives: `height` the heightmap plus the noise (either alone when only one is given,
 * 0 when neither), `depth` = max(0, water − height) when `water` is set, and `cell` = 2·reach/seg of rings[0].
 * Why: bodies stand on the triangles terrain3d's finest ring draws, over the same heights it draws (M-1).
 */
export function terrain3dGround(settings: unknown): Pick<Ground, 'height' | 'depth' | 'cell'> {
  const { cell, heightmap: map, noise, water } = terrain3dOf(settings);
  const height = (x: number, z: number): number => {
    // Heightmap first, then noise added to it: the order the wasm core sums in too.
    let h = map === undefined ? 0 : heightmapHeight(map.data, map.nx, map.nz, map.originX, map.originZ, map.spacing, x, z);
    if (noise !== undefined) h += noiseHeight(noise.seed, noise.amplitude, noise.wavelength, noise.octaves, x, z);
    return h;
  };
  if (water === undefined) return { height, cell };
  return { height, depth: (x, z) => waterDepthAt(water, height(x, z)), cell };
}
