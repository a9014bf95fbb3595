/**
 * walker in the browser: the sample world's terrain, water, trees and boulders; a player on WASD; the companion
 * following it with its clip shown, and a camp of enemies it fights; a crowd of N bodies seeking through the trees.
 * Everything moves on walker; three.js only draws. `window.__walkerDemo` lets the browser test read the state.
 */
import * as THREE from 'three';
import { sampleWorld } from '../src/sampleWorld.ts';
import { ATTACK_TIME, CORE_NAME, XBOT, groundOf, numbers, stand, waterLevel } from './walker.ts';
import type { Ground, World } from './walker.ts';
import { FollowCamera } from './camera.ts';
import type { DemoHook } from './hook.ts';
import { herdMicros } from './measure.ts';
import * as walker from './walker.ts';
import { Crowd, CrowdMesh, MAX_BODIES } from './crowd.ts';
import { Figure } from './figure.ts';
import { Hud } from './hud.ts';
import { CLIP_COLOURS, Party } from './party.ts';
import { Keys, Player } from './player.ts';
import { scatterMeshes, terrainMesh, waterMesh, type TerrainSpan } from './terrain.ts';

const HALF = 80;
const CELL = 1;
const SKY = 0xa9cbe3;
const params = new URLSearchParams(location.search);
const initialBodies = Math.min(MAX_BODIES, Math.max(100, Number(params.get('bodies')) || 2000));
/** `?shadows=0` turns shadows off and `?aa=0` antialiasing, for slow (software) renderers. */
const shadows = params.get('shadows') !== '0';
const antialias = params.get('aa') !== '0';

const errors: string[] = [];
const errorBox = document.getElementById('error')!;
function report(message: string): void {
  errors.push(message);
  errorBox.style.display = 'block';
  errorBox.textContent = errors.slice(-3).join('\n');
}
window.addEventListener('error', (e) => report(`error: ${e.message}`));
window.addEventListener('unhandledrejection', (e) => report(`unhandled rejection: ${String(e.reason)}`));

// ---- The world: the sample world, denser with trees, its crowd of xbots blocking and avoiding each other, plus the
// companion's and the enemies' kinds.
const world: World = sampleWorld({ half: HALF, cell: CELL, trees: 550, boulders: 100, seed: 7, bodies: ['xbot'] });
const kinds = world.walker!.kinds;
kinds.ally = { ...XBOT, accel: 40, seekSpeed: 6.5, bodies: [] };
kinds.grunt = { ...XBOT, seekSpeed: 1.6, bodies: [] };
const ground: Ground = groundOf(world);
const water = waterLevel(ground, [-HALF, -HALF, HALF, HALF]) ?? undefined;
const span: TerrainSpan = { half: HALF, cell: ground.cell ?? CELL, water };
/** The widest tree of the sample world (its tree layer: radii 0.25–0.6 m); its boulders are wider (0.8–1.8 m). */
const TREE_RADIUS = 0.6;

/** The nearest point to (x, z) on dry land with no solid within `clear` metres. */
function clearSpot(x: number, z: number, clear: number): [number, number] {
  for (let r = 0; r < 60; r += 1) {
    for (let a = 0; a < 16; a++) {
      const px = x + Math.sin((a / 16) * Math.PI * 2) * r;
      const pz = z + Math.cos((a / 16) * Math.PI * 2) * r;
      if (ground.height(px, pz) > (water ?? -Infinity) + 0.5 && ground.solids(px, pz, clear).length === 0) return [px, pz];
    }
  }
  return [x, z];
}

// ---- Scene, lights, sky.
const renderer = new THREE.WebGLRenderer({ antialias });
renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
renderer.setSize(window.innerWidth, window.innerHeight);
renderer.shadowMap.enabled = shadows;
renderer.shadowMap.type = THREE.PCFShadowMap;
document.body.prepend(renderer.domElement);

const scene = new THREE.Scene();
scene.background = new THREE.Color(SKY);
scene.fog = new THREE.Fog(SKY, 70, 230);
const sky = skyDome();
scene.add(sky);
scene.add(new THREE.HemisphereLight(0xdcefff, 0x5a6b3a, 1.6));
const sun = new THREE.DirectionalLight(0xfff2dc, 2.4);
sun.castShadow = true;
sun.shadow.mapSize.set(2048, 2048);
sun.shadow.camera.left = -45;
sun.shadow.camera.right = 45;
sun.shadow.camera.top = 45;
sun.shadow.camera.bottom = -45;
sun.shadow.camera.near = 1;
sun.shadow.camera.far = 200;
sun.shadow.bias = -0.0008;
sun.shadow.normalBias = 0.04;
scene.add(sun, sun.target);

scene.add(terrainMesh(ground, span));
const waterPlane = waterMesh(span);
if (waterPlane) scene.add(waterPlane);
scene.add(scatterMeshes(ground, span, TREE_RADIUS));

// ---- Player, companion, enemies.
const [startX, startZ] = clearSpot(-4, 10, 3);
const xbot = numbers({ kind: 'xbot' }, world);
const startYaw = 0.35;
const player = new Player('xbot', [startX, stand(xbot, ground, startX, startZ), startZ], startYaw);
const playerFigure = new Figure({ radius: xbot.radius, height: xbot.height, colour: 0x1f5fff, ring: 0xffd21f });
scene.add(playerFigure.root);
const keys = new Keys();
keys.attach(window);

// The enemy camp ahead on the camera's left, in view from the start (the browser test walks off to the right).
const camp = clearSpot(startX + Math.sin(startYaw) * 11 + Math.cos(startYaw) * 7, startZ + Math.cos(startYaw) * 11 - Math.sin(startYaw) * 7, 2);
const party = new Party({
  world,
  ground,
  // Beside the player, a little behind, on the camera's right: in the ring, so it starts waiting (CO-4).
  start: [startX - Math.cos(startYaw) * 2 - Math.sin(startYaw) * 1.2, startZ + Math.sin(startYaw) * 2 - Math.cos(startYaw) * 1.2],
  camp,
  enemies: 3,
  companionKind: 'ally',
  enemyKind: 'grunt',
  onFail: (message) => {
    console.error(message);
    report(message);
  },
});
scene.add(party.group);

// ---- The crowd.
const crowdMesh = new CrowdMesh(xbot.radius, xbot.height);
scene.add(crowdMesh.mesh);
const area = { half: HALF, water, clear: [startX, startZ, 8] };
let crowd = new Crowd(world, ground, 'xbot', area, initialBodies, 1);
let herdSteps = 0;
let stepMs = 0;

// ---- Camera and HUD.
const view = new FollowCamera(window.innerWidth / window.innerHeight, startYaw);
view.attach(renderer.domElement);
const hud = new Hud(document.getElementById('hud')!, initialBodies, (n) => {
  crowd.dispose();
  crowd = new Crowd(world, ground, 'xbot', area, n, herdSteps + 1);
  stepMs = 0;
});
window.addEventListener('resize', () => {
  renderer.setSize(window.innerWidth, window.innerHeight);
  view.resize(window.innerWidth / window.innerHeight);
});

// ---- The test hook.
let followTime = 0;
const hook: DemoHook = {
  ready: false,
  core: CORE_NAME,
  frames: 0,
  herdSteps: 0,
  bodies: crowd.count,
  stepMs: 0,
  companionState: party.companion.state,
  companionClip: party.companion.clip,
  followGapMax: 0,
  errors,
  crowdMoved: () => crowd.meanDisplacement(),
  companionGap: () => party.companion.gap,
  playerPosition: () => [...player.row.pos],
  playerJumps: () => player.jumps,
  playerSwings: () => player.swings,
  resetFollowGapMax: () => {
    hook.followGapMax = 0;
  },
  paused: false,
  isolated: globalThis.crossOriginIsolated === true,
  measureHerd: (threads: number) => herdMicros(walker, threads),
};
window.__walkerDemo = hook;

// ---- The simulation: one fixed step of the player, the enemies and the companion.
function stepParty(dt: number): void {
  player.step(keys, view.yaw, world, ground, dt, () => {
    // The player's own swing knocks enemies within reach.
    for (const row of party.enemyRows) {
      const dx = row.pos[0] - player.row.pos[0];
      const dz = row.pos[2] - player.row.pos[2];
      if (dx * dx + dz * dz < 2.2 * 2.2) party.hit(row);
    }
  });
  party.step(dt, player.row);
  const c = party.companion;
  followTime = c.state === 'FOLLOW' && !c.teleported ? followTime + dt : 0;
  if (followTime > 1) hook.followGapMax = Math.max(hook.followGapMax, c.gap);
}

// ---- The frame.
const focus = new THREE.Vector3();
let last = performance.now();
let fps = 0;
let fpsFrames = 0;
let fpsClock = 0;
let hudClock = 0;

/** The fixed step of the player, the companion and the enemies, in seconds (the trail records every one, CO-3). */
const FIXED_DT = 1 / 60;
/** The most simulated time one frame may take, so a slow frame (or a hidden tab) does not pile up steps. */
const MAX_FRAME_TIME = 0.25;
/** The longest crowd step: the herd steps once per frame by the frame's time, up to this. */
const MAX_HERD_DT = 0.1;
let pending = 0;

function frame(now: number): void {
  if (hook.paused) {
    last = now;
    requestAnimationFrame(frame);
    return;
  }
  const elapsed = Math.max(0.001, (now - last) / 1000);
  const dt = Math.min(MAX_FRAME_TIME, elapsed);
  last = now;
  try {
    if (keys.down('KeyQ')) view.turn(dt * 1.8);
    if (keys.down('KeyE')) view.turn(-dt * 1.8);
    pending += dt;
    while (pending >= FIXED_DT) {
      pending -= FIXED_DT;
      stepParty(FIXED_DT);
    }

    const t0 = performance.now();
    crowd.step(Math.min(MAX_HERD_DT, dt));
    const took = performance.now() - t0;
    stepMs = stepMs === 0 ? took : stepMs * 0.9 + took * 0.1;
    herdSteps += 1;

    const c = party.companion;

    crowdMesh.update(crowd.herd);
    const swing = player.swing >= 0 ? player.swing / ATTACK_TIME : 0;
    playerFigure.update(player.row, dt, player.speed, swing);
    party.draw(dt);
    focus.set(player.row.pos[0], player.row.pos[1] + 1.3, player.row.pos[2]);
    view.follow(focus, ground, dt);
    sun.position.set(focus.x + 30, focus.y + 55, focus.z - 20);
    sun.target.position.copy(focus);
    sky.position.copy(view.camera.position);

    fpsFrames += 1;
    fpsClock += elapsed;
    if (fpsClock >= 1) {
      fps = fpsFrames / fpsClock;
      fpsFrames = 0;
      fpsClock = 0;
    }
    hudClock -= dt;
    if (hudClock <= 0) {
      hudClock = 0.25;
      hud.update({
        core: CORE_NAME,
        bodies: crowd.count,
        stepMs,
        fps,
        state: c.state,
        clip: c.clip,
        clipColour: CLIP_COLOURS[c.clip],
        gap: c.gap,
      });
    }
    hook.frames += 1;
    hook.herdSteps = herdSteps;
    hook.bodies = crowd.count;
    hook.stepMs = stepMs;
    hook.companionState = c.state;
    hook.companionClip = c.clip;
    hook.ready = true;
  } catch (e) {
    const message = e instanceof Error ? `${e.message}\n${e.stack ?? ''}` : String(e);
    console.error(message);
    report(message);
  }
  renderer.render(scene, view.camera);
  requestAnimationFrame(frame);
}
requestAnimationFrame(frame);

/** A sky dome: deep blue overhead fading to the fog colour at the horizon. */
function skyDome(): THREE.Mesh {
  const geometry = new THREE.SphereGeometry(450, 24, 12);
  const top = new THREE.Color(0x4f8fd0);
  const horizon = new THREE.Color(SKY);
  const position = geometry.getAttribute('position');
  const colours = new Float32Array(position.count * 3);
  const c = new THREE.Color();
  for (let i = 0; i < position.count; i++) {
    const up = Math.max(0, position.getY(i) / 450);
    c.copy(horizon).lerp(top, Math.pow(up, 0.6));
    colours.set([c.r, c.g, c.b], i * 3);
  }
  geometry.setAttribute('color', new THREE.BufferAttribute(colours, 3));
  const material = new THREE.MeshBasicMaterial({ vertexColors: true, side: THREE.BackSide, fog: false, depthWrite: false });
  const mesh = new THREE.Mesh(geometry, material);
  mesh.renderOrder = -1;
  mesh.frustumCulled = false;
  return mesh;
}
