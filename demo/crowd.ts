/**
 * The crowd: N bodies seeking random targets through the trees in a Herd — stepped in one wasm call (HD-1) — and
 * drawn as one InstancedMesh whose instance matrices are written straight from the herd's position and yaw views.
 */
import * as THREE from 'three';
import { Herd } from './walker.ts';
import type { Ground, World } from './walker.ts';
import { mulberry } from './terrain.ts';

/** The most bodies the slider allows. */
export const MAX_BODIES = 20_000;

/** How far from where it stands a body's next target lies at most, in metres. */
const REACH = 40;

/** Within this distance of its target a body has arrived and draws a new one (SE-2). */
const STOP = 1.5;

/** Seconds a body may take to reach a target before it gives up and draws another. */
const PATIENCE = 30;

/** Where bodies may stand and aim: a square of dry land. */
export interface Area {
  half: number;
  water: number | undefined;
  /** [x, z, r]: a circle the crowd does not start in (where the player starts). */
  clear: readonly number[];
}

/** N bodies of one kind in a Herd, each seeking a random target and drawing a new one on arrival. */
export class Crowd {
  readonly herd: Herd;
  /** Where each body started, x and z, for the mean displacement. */
  private readonly starts: Float64Array;
  /** Seconds each body has sought its current target. */
  private readonly clocks: Float64Array;
  private readonly random: () => number;
  private readonly target = [0, 0];

  constructor(
    world: World,
    private readonly ground: Ground,
    kind: string,
    private readonly area: Area,
    count: number,
    seed: number,
  ) {
    this.random = mulberry(seed);
    this.herd = new Herd(world, ground, count);
    this.starts = new Float64Array(count * 2);
    this.clocks = new Float64Array(count);
    for (let i = 0; i < count; i++) {
      let [x, z] = this.drawPoint(0, 0, area.half - 4);
      while (Math.hypot(x - area.clear[0], z - area.clear[1]) < area.clear[2]) [x, z] = this.drawPoint(0, 0, area.half - 4);
      const y = ground.height(x, z);
      this.herd.add({ kind, pos: [x, y, z], yaw: this.random() * Math.PI * 2 - Math.PI, floor: y });
      this.starts[i * 2] = x;
      this.starts[i * 2 + 1] = z;
      this.aim(i, x, z);
    }
  }

  get count(): number {
    return this.herd.count;
  }

  /**
   * Steps every body once in one herd call (each seeks its target, then walks — SE, WA), then gives a new target to
   * every body that arrived or ran out of patience.
   */
  step(dt: number): void {
    this.herd.step(dt);
    // Views are fresh until the next add, remove or step (HD-3); aiming writes targets, which moves nothing.
    const arrived = this.herd.arrived;
    const xs = this.herd.x;
    const zs = this.herd.z;
    for (let i = 0; i < arrived.length; i++) {
      this.clocks[i] += dt;
      if (arrived[i] !== 0 || this.clocks[i] > PATIENCE) this.aim(i, xs[i], zs[i]);
    }
  }

  /** The mean planar distance of the bodies from where they started, in metres. */
  meanDisplacement(): number {
    const xs = this.herd.x;
    const zs = this.herd.z;
    let sum = 0;
    for (let i = 0; i < xs.length; i++) {
      const dx = xs[i] - this.starts[i * 2];
      const dz = zs[i] - this.starts[i * 2 + 1];
      sum += Math.sqrt(dx * dx + dz * dz);
    }
    return xs.length > 0 ? sum / xs.length : 0;
  }

  /** Releases the herd's wasm memory. */
  dispose(): void {
    this.herd.dispose();
  }

  /** Makes body i seek a new target within REACH of (x, z), on dry land outside every solid. */
  private aim(i: number, x: number, z: number): void {
    const [tx, tz] = this.drawPoint(x, z, REACH);
    this.target[0] = tx;
    this.target[1] = tz;
    this.herd.seek(i, this.target, STOP);
    this.clocks[i] = 0;
  }

  /** A random point within `reach` of (cx, cz) (inside the area) on dry ground, clear of solids. */
  private drawPoint(cx: number, cz: number, reach: number): [number, number] {
    const limit = this.area.half - 4;
    const level = this.area.water ?? -Infinity;
    for (let tries = 0; ; tries++) {
      const x = Math.min(limit, Math.max(-limit, cx + (this.random() * 2 - 1) * reach));
      const z = Math.min(limit, Math.max(-limit, cz + (this.random() * 2 - 1) * reach));
      const dry = this.ground.height(x, z) > level + 0.3;
      if ((dry && this.ground.solids(x, z, 0.6).length === 0) || tries > 50) return [x, z];
    }
  }
}

/** The crowd's drawing: one InstancedMesh of MAX_BODIES capacity, `count` of them shown, coloured per body. */
export class CrowdMesh {
  readonly mesh: THREE.InstancedMesh;

  constructor(radius: number, height: number) {
    // A capsule body up to the shoulders, a head, and a nose so the heading shows; vertex colours pick the parts out
    // and each instance's colour tints them (its clothes).
    const bodyLength = height * 0.72 - 2 * radius;
    const body = paint(new THREE.CapsuleGeometry(radius, bodyLength, 2, 7).translate(0, radius + bodyLength / 2, 0), 1, 1, 1);
    const head = paint(new THREE.IcosahedronGeometry(radius * 0.6, 1).translate(0, height - radius * 0.6, 0), 1.25, 1.1, 0.95);
    const nose = paint(new THREE.BoxGeometry(radius * 0.35, radius * 0.25, radius * 0.5).translate(0, height - radius * 0.6, radius * 0.6), 0.3, 0.3, 0.3);
    const geometry = mergeGeometries([body, head, nose]);
    this.mesh = new THREE.InstancedMesh(geometry, new THREE.MeshLambertMaterial({ color: 0xffffff, vertexColors: true }), MAX_BODIES);
    this.mesh.instanceMatrix.setUsage(THREE.DynamicDrawUsage);
    this.mesh.frustumCulled = false;
    this.mesh.castShadow = true;
    this.mesh.name = 'crowd';
    const colour = new THREE.Color();
    const random = mulberry(5);
    for (let i = 0; i < MAX_BODIES; i++) {
      // Muted clothes, so the player, the companion and the enemies stand out.
      this.mesh.setColorAt(i, colour.setHSL(random(), 0.18 + random() * 0.12, 0.5 + random() * 0.15));
    }
    this.mesh.count = 0;
  }

  /**
   * Writes each body's matrix — a turn about y by its yaw, then its feet position — into the instance buffer,
   * straight from the herd's views.
   */
  update(herd: Herd): void {
    const m = this.mesh.instanceMatrix.array as Float32Array;
    const xs = herd.x;
    const ys = herd.y;
    const zs = herd.z;
    const yaws = herd.yaw;
    const count = Math.min(xs.length, MAX_BODIES);
    for (let i = 0; i < count; i++) {
      const c = Math.cos(yaws[i]);
      const s = Math.sin(yaws[i]);
      const o = i * 16;
      m[o] = c; m[o + 1] = 0; m[o + 2] = -s; m[o + 3] = 0;
      m[o + 4] = 0; m[o + 5] = 1; m[o + 6] = 0; m[o + 7] = 0;
      m[o + 8] = s; m[o + 9] = 0; m[o + 10] = c; m[o + 11] = 0;
      m[o + 12] = xs[i]; m[o + 13] = ys[i]; m[o + 14] = zs[i]; m[o + 15] = 1;
    }
    this.mesh.count = count;
    this.mesh.instanceMatrix.clearUpdateRanges();
    this.mesh.instanceMatrix.addUpdateRange(0, count * 16);
    this.mesh.instanceMatrix.needsUpdate = true;
  }
}

/** Gives every vertex of `geometry` the colour (r, g, b). */
function paint(geometry: THREE.BufferGeometry, r: number, g: number, b: number): THREE.BufferGeometry {
  const n = geometry.getAttribute('position').count;
  const colours = new Float32Array(n * 3);
  for (let i = 0; i < n; i++) colours.set([r, g, b], i * 3);
  geometry.setAttribute('color', new THREE.BufferAttribute(colours, 3));
  return geometry;
}

/** Joins non-indexed copies of `parts` into one geometry (positions, normals, colours), so one instance draws them all. */
function mergeGeometries(parts: THREE.BufferGeometry[]): THREE.BufferGeometry {
  const flat = parts.map((g) => (g.index === null ? g : g.toNonIndexed()));
  const total = flat.reduce((n, g) => n + g.getAttribute('position').count, 0);
  const positions = new Float32Array(total * 3);
  const normals = new Float32Array(total * 3);
  const colours = new Float32Array(total * 3);
  let at = 0;
  for (const g of flat) {
    positions.set(g.getAttribute('position').array as Float32Array, at * 3);
    normals.set(g.getAttribute('normal').array as Float32Array, at * 3);
    colours.set(g.getAttribute('color').array as Float32Array, at * 3);
    at += g.getAttribute('position').count;
  }
  const merged = new THREE.BufferGeometry();
  merged.setAttribute('position', new THREE.BufferAttribute(positions, 3));
  merged.setAttribute('normal', new THREE.BufferAttribute(normals, 3));
  merged.setAttribute('color', new THREE.BufferAttribute(colours, 3));
  return merged;
}
