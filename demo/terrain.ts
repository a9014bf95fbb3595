/**
 * The ground drawn from the very numbers the bodies stand on: the terrain mesh is walker's lattice (G-1, from
 * terrainGeometry) — corners at whole multiples of `cell`, heights = ground.height at the corners, each cell split
 * along the diagonal from its (least x, least z) corner to its (greatest x, greatest z) corner — so a body's feet
 * touch the drawn triangles.
 * Trees and boulders are the ground's solid circles (solidsIn, G-6), drawn as instanced meshes at their radii; the
 * water a sheet at the ground's water level (waterLevel, G-6).
 */
import * as THREE from 'three';
import { solidsIn, terrainGeometry } from './walker.ts';
import type { Circle, Ground } from './walker.ts';

/** The square a terrain mesh covers and its lattice. */
export interface TerrainSpan {
  /** Half the side of the square, in metres; the mesh spans [−half, half] on x and z. */
  half: number;
  /** Side of the lattice cell (ground.cell). */
  cell: number;
  /** Water level (waterLevel over the square), or undefined for dry ground. */
  water: number | undefined;
}

const SAND = new THREE.Color(0xd9c89a);
const WET_SAND = new THREE.Color(0xa89a72);
const GRASS_LOW = new THREE.Color(0x6f9e4a);
const GRASS_HIGH = new THREE.Color(0x4d7f3a);
const ROCK = new THREE.Color(0x8a857c);

/** A small hash in [0, 1) of a lattice corner, for a little colour variation in the grass. */
function jitter(i: number, j: number): number {
  let h = Math.imul(i, 374761393) ^ Math.imul(j, 668265263);
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/**
 * The terrain's colour at a corner: wet sand under water, sand at the shore, grass that darkens with height, rock
 * where the slope is steeper than a body can walk.
 */
function groundColour(out: THREE.Color, h: number, slope: number, water: number | undefined, wobble: number): THREE.Color {
  const level = water ?? -Infinity;
  if (h < level) return out.copy(WET_SAND);
  if (h < level + 0.6) return out.copy(SAND).lerp(GRASS_LOW, Math.max(0, (h - level - 0.35) / 0.25));
  out.copy(GRASS_LOW).lerp(GRASS_HIGH, Math.min(1, Math.max(0, (h - level) / 8)));
  out.offsetHSL((wobble - 0.5) * 0.025, 0, (wobble - 0.5) * 0.05);
  const rock = Math.min(1, Math.max(0, (slope - 0.45) / 0.3));
  return out.lerp(ROCK, rock);
}

/**
 * The terrain mesh: walker's terrainGeometry — the lattice's corners and its two triangles per cell along the
 * (least x, least z)–(greatest x, greatest z) diagonal (G-1) — vertex-coloured by height and slope.
 */
export function terrainMesh(ground: Ground, span: TerrainSpan): THREE.Mesh {
  const { positions, indices, columns, rows } = terrainGeometry(ground, [-span.half, -span.half, span.half, span.half]);
  const colours = new Float32Array(positions.length);
  const height = (i: number, j: number): number => positions[(j * columns + i) * 3 + 1];
  const colour = new THREE.Color();
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < columns; i++) {
      const k = (j * columns + i) * 3;
      const h = positions[k + 1];
      const hx = (height(Math.min(i + 1, columns - 1), j) - height(Math.max(i - 1, 0), j)) / (2 * span.cell);
      const hz = (height(i, Math.min(j + 1, rows - 1)) - height(i, Math.max(j - 1, 0))) / (2 * span.cell);
      groundColour(colour, h, Math.sqrt(hx * hx + hz * hz), span.water, jitter(i, j));
      colours[k] = colour.r;
      colours[k + 1] = colour.g;
      colours[k + 2] = colour.b;
    }
  }
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.BufferAttribute(positions, 3));
  geometry.setAttribute('color', new THREE.BufferAttribute(colours, 3));
  geometry.setIndex(new THREE.BufferAttribute(indices, 1));
  geometry.computeVertexNormals();
  const material = new THREE.MeshLambertMaterial({ vertexColors: true, flatShading: true });
  const mesh = new THREE.Mesh(geometry, material);
  mesh.receiveShadow = true;
  mesh.name = 'terrain';
  return mesh;
}

/** The water plane at the terrain3d water level: a translucent sheet a little larger than the terrain. */
export function waterMesh(span: TerrainSpan): THREE.Mesh | null {
  if (span.water === undefined) return null;
  const geometry = new THREE.PlaneGeometry(span.half * 2.4, span.half * 2.4);
  geometry.rotateX(-Math.PI / 2);
  const material = new THREE.MeshPhongMaterial({
    color: 0x2f7fb0, specular: 0xcfe8ff, shininess: 80, transparent: true, opacity: 0.72, depthWrite: false,
  });
  const mesh = new THREE.Mesh(geometry, material);
  mesh.position.y = span.water;
  mesh.renderOrder = 1;
  mesh.name = 'water';
  return mesh;
}

/**
 * Trees and boulders: the ground's solid circles in the square (solidsIn, G-6). A circle no wider than `treeRadius`
 * is drawn as a tree (trunk of the circle's radius, crown above), a wider one as a boulder of its radius.
 */
export function scatterMeshes(ground: Ground, span: TerrainSpan, treeRadius: number): THREE.Group {
  const solids = solidsIn(ground, [-span.half, -span.half, span.half, span.half]);
  const trees: Circle[] = solids.filter((c) => c.radius <= treeRadius);
  const rocks: Circle[] = solids.filter((c) => c.radius > treeRadius);

  const group = new THREE.Group();
  group.name = 'scatter';
  const matrix = new THREE.Matrix4();
  const q = new THREE.Quaternion();
  const up = new THREE.Vector3(0, 1, 0);
  const position = new THREE.Vector3();
  const scale = new THREE.Vector3();
  const colour = new THREE.Color();
  const random = mulberry(11);

  // Trunks: unit cylinders scaled to the circle's radius; crowns: cones over them.
  const trunk = new THREE.InstancedMesh(
    new THREE.CylinderGeometry(0.75, 1, 1, 6, 1, true).translate(0, 0.5, 0),
    new THREE.MeshLambertMaterial({ color: 0x6b4a2f }),
    trees.length,
  );
  const crown = new THREE.InstancedMesh(
    new THREE.ConeGeometry(1, 1, 7, 1, true).translate(0, 0.5, 0),
    new THREE.MeshLambertMaterial({ color: 0xffffff, flatShading: true }),
    trees.length * 2,
  );
  trees.forEach(({ x, z, radius: r }, k) => {
    const y = lowestUnder(ground, x, z, r);
    const tall = 4 + r * 3 + random() * 1.5;
    q.setFromAxisAngle(up, random() * Math.PI * 2);
    trunk.setMatrixAt(k, matrix.compose(position.set(x, y - 0.2, z), q, scale.set(r, tall * 0.6, r)));
    const spread = 1 + r * 2;
    const hue = 0.27 + (random() - 0.5) * 0.06;
    for (let tier = 0; tier < 2; tier++) {
      const base = y + tall * (0.42 + tier * 0.26);
      const w = spread * (1 - tier * 0.3);
      crown.setMatrixAt(k * 2 + tier, matrix.compose(position.set(x, base, z), q, scale.set(w, tall * 0.5, w)));
      crown.setColorAt(k * 2 + tier, colour.setHSL(hue, 0.45, 0.26 + tier * 0.05));
    }
  });
  for (const mesh of [trunk, crown]) {
    mesh.castShadow = true;
    mesh.receiveShadow = true;
    mesh.instanceMatrix.needsUpdate = true;
    group.add(mesh);
  }
  trunk.name = 'trunks';
  crown.name = 'crowns';

  // Boulders: flat-shaded dodecahedra of the circle's radius, squashed a little and sunk into the ground.
  const boulder = new THREE.InstancedMesh(
    new THREE.DodecahedronGeometry(1, 0),
    new THREE.MeshLambertMaterial({ color: 0xffffff, flatShading: true }),
    rocks.length,
  );
  const tilt = new THREE.Euler();
  rocks.forEach(({ x, z, radius: r }, k) => {
    const y = lowestUnder(ground, x, z, r);
    q.setFromEuler(tilt.set((random() - 0.5) * 0.5, random() * Math.PI * 2, (random() - 0.5) * 0.5));
    boulder.setMatrixAt(k, matrix.compose(position.set(x, y + r * 0.25, z), q, scale.set(r, r * (0.7 + random() * 0.3), r)));
    boulder.setColorAt(k, colour.setHSL(0.09, 0.06, 0.42 + random() * 0.12));
  });
  boulder.castShadow = true;
  boulder.receiveShadow = true;
  boulder.name = 'boulders';
  group.add(boulder);
  return group;
}

/** The lowest ground height under a circle's centre and four rim points, so nothing floats on a slope. */
function lowestUnder(ground: Ground, x: number, z: number, r: number): number {
  return Math.min(
    ground.height(x, z),
    ground.height(x + r, z),
    ground.height(x - r, z),
    ground.height(x, z + r),
    ground.height(x, z - r),
  );
}

/** A small seeded generator for decoration (not the simulation): mulberry32. */
export function mulberry(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t = ((t + Math.imul(t ^ (t >>> 7), t | 61)) | 0) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
