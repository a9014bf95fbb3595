/**
 * Do walker and Rapier stand on the same surface? Heights at random points: walker's lattice (SPEC G-1, through the
 * reference Sampler) and Rapier's heightfield (ray casts), each against the scene's triangles; and, for the record,
 * Rapier's heightfield laid out the obvious way (unturned), whose cells are split along the other diagonal.
 */
import RAPIER from '@dimforge/rapier3d-compat';
import { Sampler } from '../../src/reference/lattice.ts';
import type { Ground } from '../../src/reference.ts';
import { heightfieldDesc } from './rapier.ts';
import { ORIGIN, Rng, SAMPLES, SPACING, type Scene } from './scene.ts';

export interface SurfaceCheck {
  points: number;
  /** Largest |walker lattice height − scene triangle height|, metres. */
  walker: number;
  /** Largest |Rapier heightfield (as used) − scene triangle height|, metres. */
  rapier: number;
  /** Largest and mean |unturned Rapier heightfield − scene triangle height|, metres. */
  unturnedMax: number;
  unturnedMean: number;
}

/** Height rays start from, metres: above every sample of the scene (hills ±7 m plus ridges up to 5 m). */
const RAY_FROM = 20;

function rayHeight(world: RAPIER.World, x: number, z: number): number {
  // From just above the highest sample, so the float32 time of impact keeps its precision.
  const hit = world.castRay(new RAPIER.Ray({ x, y: RAY_FROM, z }, { x: 0, y: -1, z: 0 }), 2 * RAY_FROM + 100, true);
  if (hit === null) throw new Error(`bench: no heightfield under (${x}, ${z}).`);
  return RAY_FROM - hit.timeOfImpact;
}

export function checkSurface(scene: Scene, ground: Ground, points: number): SurfaceCheck {
  const turned = new RAPIER.World({ x: 0, y: 0, z: 0 });
  turned.createCollider(heightfieldDesc(scene));
  const unturned = new RAPIER.World({ x: 0, y: 0, z: 0 });
  const heights = new Float32Array(SAMPLES * SAMPLES);
  for (let j = 0; j < SAMPLES; j++) for (let i = 0; i < SAMPLES; i++) heights[i + j * SAMPLES] = scene.sample(j, i);
  const side = (SAMPLES - 1) * SPACING;
  unturned.createCollider(RAPIER.ColliderDesc.heightfield(SAMPLES - 1, SAMPLES - 1, heights, { x: side, y: 1, z: side }).setTranslation(ORIGIN + side / 2, 0, ORIGIN + side / 2));
  turned.step();
  unturned.step();
  const sampler = new Sampler(ground);
  const rng = new Rng(99);
  const check: SurfaceCheck = { points, walker: 0, rapier: 0, unturnedMax: 0, unturnedMean: 0 };
  for (let k = 0; k < points; k++) {
    const x = rng.range(-120, 120);
    const z = rng.range(-120, 120);
    const want = scene.heightAt(x, z);
    check.walker = Math.max(check.walker, Math.abs(sampler.height(x, z) - want));
    check.rapier = Math.max(check.rapier, Math.abs(rayHeight(turned, x, z) - want));
    const off = Math.abs(rayHeight(unturned, x, z) - want);
    check.unturnedMax = Math.max(check.unturnedMax, off);
    check.unturnedMean += off / points;
  }
  turned.free();
  unturned.free();
  return check;
}
