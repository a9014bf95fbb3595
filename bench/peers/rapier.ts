/**
 * Rapier on the shared scene: a heightfield collider, a cylinder collider per trunk, and per body a kinematic
 * position-based rigid body with a capsule collider and its own KinematicCharacterController — configured as a game
 * would configure it (autostep, slope limits, snap to ground) and driven the way its documentation drives it:
 * desired translation → computeColliderMovement → computedMovement → setNextKinematicTranslation → world.step().
 */
import RAPIER from '@dimforge/rapier3d-compat';
import type { Contender, Sim } from './contender.ts';
import { BODY_HEIGHT, BODY_RADIUS, DT, GRAVITY, MAX_SLOPE, ORIGIN, SAMPLES, SPACING, SPEED, STEP, Targets, type Scene } from './scene.ts';

let ready: Promise<void> | undefined;

/** Instantiates Rapier's wasm once per process. */
export function initRapier(): Promise<void> {
  ready ??= RAPIER.init();
  return ready;
}

/** Collision groups: bit 0 the ground and trunks (meet everything), bit 1 characters (meet only bit 0). */
const STATIC_GROUPS = (0x0001 << 16) | 0xffff;
const CHARACTER_GROUPS = (0x0002 << 16) | 0x0001;

/** Trunks stand 10 m tall, sunk 2 m into the ground: nothing climbs over one, nothing walks under one. */
const TRUNK_HALF_HEIGHT = 6;
const TRUNK_SINK = 2;

/** Controller skin (Rapier's `offset`), metres. */
export const OFFSET = 0.01;

/**
 * The heightfield, turned a quarter-turn about y. Rapier splits each cell along the diagonal from its (least x,
 * greatest z) corner to its (greatest x, least z) corner (parry's HeightField without ZIGZAG_SUBDIVISION); walker
 * splits along (least x, least z)–(greatest x, greatest z) (SPEC G-1). A collider rotated by +90° about y maps one
 * diagonal onto the other, so the samples are laid out rotated: local row i (along local z) is world column ix = i,
 * local column j (along local x) is world row iz = SAMPLES − 1 − j. Heights are a column-major (SAMPLES × SAMPLES)
 * matrix; nrows/ncols count cells. bench/peers.ts checks by ray casts that the surfaces agree.
 */
export function heightfieldDesc(scene: Scene): RAPIER.ColliderDesc {
  const heights = new Float32Array(SAMPLES * SAMPLES);
  for (let j = 0; j < SAMPLES; j++) {
    for (let i = 0; i < SAMPLES; i++) heights[i + j * SAMPLES] = scene.sample(i, SAMPLES - 1 - j);
  }
  const side = (SAMPLES - 1) * SPACING;
  const centre = ORIGIN + side / 2;
  return RAPIER.ColliderDesc.heightfield(SAMPLES - 1, SAMPLES - 1, heights, { x: side, y: 1, z: side })
    .setTranslation(centre, 0, centre)
    .setRotation({ x: 0, y: Math.SQRT1_2, z: 0, w: Math.SQRT1_2 })
    .setCollisionGroups(STATIC_GROUPS);
}

/**
 * The static world of a scene: gravity, timestep, the heightfield and the trunks. `flat` puts a flat box at y = 0 in
 * place of the heightfield (for the probe in the notes, not for the comparison).
 */
export function staticWorld(scene: Scene, flat = false): RAPIER.World {
  const world = new RAPIER.World({ x: 0, y: -GRAVITY, z: 0 });
  world.timestep = DT;
  if (flat) world.createCollider(RAPIER.ColliderDesc.cuboid(128, 1, 128).setTranslation(0, -1, 0).setCollisionGroups(STATIC_GROUPS));
  else world.createCollider(heightfieldDesc(scene));
  for (const t of scene.trunks) {
    const base = (flat ? 0 : scene.heightAt(t.x, t.z)) - TRUNK_SINK;
    world.createCollider(
      RAPIER.ColliderDesc.cylinder(TRUNK_HALF_HEIGHT, t.radius).setTranslation(t.x, base + TRUNK_HALF_HEIGHT, t.z).setCollisionGroups(STATIC_GROUPS),
    );
  }
  return world;
}

/** The character controller every body gets: the configuration the issue fixes (and Rapier's docs suggest). */
function controller(world: RAPIER.World): RAPIER.KinematicCharacterController {
  const c = world.createCharacterController(OFFSET);
  c.enableAutostep(STEP, 0.2, false);
  c.setMaxSlopeClimbAngle(Math.atan(MAX_SLOPE));
  c.setMinSlopeSlideAngle(Math.atan(MAX_SLOPE));
  c.enableSnapToGround(0.5);
  c.setApplyImpulsesToDynamicBodies(false);
  c.setSlideEnabled(true);
  return c;
}

/** Capsule of radius 0.4 and height 1.8: its segment is 1.8 − 2·0.4 = 1 m long. */
const CAPSULE_HALF = (BODY_HEIGHT - 2 * BODY_RADIUS) / 2;
/** How far above the ground a body is created, metres. */
const START_LIFT = 0.1;
/** From the feet to the capsule's centre. */
const CENTRE_UP = BODY_HEIGHT / 2;

export const rapierContender: Contender = {
  id: 'rapier',
  label: 'Rapier KCC',
  build: (scene: Scene, n: number): Sim => rapierSim(scene, n, false),
};

/** The Rapier scene with N bodies; `flat`: on a flat box instead of the heightfield (see staticWorld). */
export function rapierSim(scene: Scene, n: number, flat: boolean): Sim {
  const world = staticWorld(scene, flat);
  const targets = new Targets(scene, n);
  const bodies: RAPIER.RigidBody[] = [];
  const colliders: RAPIER.Collider[] = [];
  const controllers: RAPIER.KinematicCharacterController[] = [];
  // Centres kept on the JS side: a kinematic position-based body ends each step exactly at its next translation,
  // and reading them back through body.translation() would allocate a vector per body per frame.
  const pos = new Float64Array(3 * n);
  const vy = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const [x, z] = scene.start(i);
    // 10 cm up: a capsule whose lowest point touches sloping ground at its centre already cuts into the slope;
    // gravity and snap-to-ground put it down in the first frame.
    const y = (flat ? 0 : scene.heightAt(x, z)) + CENTRE_UP + START_LIFT;
    const body = world.createRigidBody(RAPIER.RigidBodyDesc.kinematicPositionBased().setTranslation(x, y, z));
    colliders.push(world.createCollider(RAPIER.ColliderDesc.capsule(CAPSULE_HALF, BODY_RADIUS).setCollisionGroups(CHARACTER_GROUPS), body));
    bodies.push(body);
    controllers.push(controller(world));
    pos[3 * i] = x;
    pos[3 * i + 1] = y;
    pos[3 * i + 2] = z;
  }
  world.step();
  const desired = { x: 0, y: 0, z: 0 };
  const moved = { x: 0, y: 0, z: 0 };
  const next = { x: 0, y: 0, z: 0 };
  return {
    n,
    targets,
    step(): void {
      for (let i = 0; i < n; i++) {
        const x = pos[3 * i];
        const z = pos[3 * i + 2];
        targets.arrive(i, x, z);
        const dx = targets.x[i] - x;
        const dz = targets.z[i] - z;
        const d = Math.sqrt(dx * dx + dz * dz);
        const k = d > 0 ? (SPEED * DT) / d : 0;
        vy[i] -= GRAVITY * DT;
        desired.x = dx * k;
        desired.y = vy[i] * DT;
        desired.z = dz * k;
        const c = controllers[i];
        c.computeColliderMovement(colliders[i], desired, undefined, CHARACTER_GROUPS);
        c.computedMovement(moved);
        if (c.computedGrounded()) vy[i] = 0;
        next.x = pos[3 * i] += moved.x;
        next.y = pos[3 * i + 1] += moved.y;
        next.z = pos[3 * i + 2] += moved.z;
        bodies[i].setNextKinematicTranslation(next);
      }
      world.step();
    },
    feet(out: Float64Array): void {
      for (let i = 0; i < n; i++) {
        out[3 * i] = pos[3 * i];
        out[3 * i + 1] = pos[3 * i + 1] - CENTRE_UP;
        out[3 * i + 2] = pos[3 * i + 2];
      }
    },
    free(): void {
      for (const c of controllers) world.removeCharacterController(c);
      world.free();
    },
  };
}

/** Rapier's frame cost on this heightfield and on a flat box, same bodies, same targets, no trees. */
export interface GroundProbe {
  bodies: number;
  heightfieldUs: number;
  flatUs: number;
}

/**
 * Times Rapier's frames with the scene's heightfield and with a flat box in its place (no trees, same bodies and
 * targets), in alternating rounds. Why: it says how much of Rapier's cost is the uneven heightfield, so a reader can
 * judge how its figures would move on other ground. Reported in the notes, apart from the comparison.
 */
export function probeGround(scene: Scene, bodies: number, frames: number, rounds: number): GroundProbe {
  const sims = [rapierSim(scene, bodies, false), rapierSim(scene, bodies, true)];
  const us: number[][] = [[], []];
  for (const sim of sims) for (let f = 0; f < frames; f++) sim.step();
  for (let r = 0; r < rounds; r++) {
    sims.forEach((sim, k) => {
      const started = performance.now();
      for (let f = 0; f < frames; f++) sim.step();
      us[k].push(((performance.now() - started) * 1000) / frames / bodies);
    });
  }
  for (const sim of sims) sim.free();
  const mid = (v: number[]): number => v.sort((a, b) => a - b)[v.length >> 1];
  return { bodies, heightfieldUs: mid(us[0]), flatUs: mid(us[1]) };
}

