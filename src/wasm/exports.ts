/** The exports of the wasm core (assembly/index.ts) as the facade uses them: addresses are byte offsets. */
type Ptr = number;

export interface CoreExports {
  memory: WebAssembly.Memory;
  alloc(size: number): Ptr;
  free(ptr: Ptr): void;
  arenaBytes(): number;
  usedBytes(): number;
  callBodyAddress(): Ptr;
  callNumbersAddress(): Ptr;
  callResultAddress(): Ptr;
  callBodiesAddress(count: number): Ptr;
  newTerrain(mapSamples: number): Ptr;
  setHeightmap(t: Ptr, nx: number, nz: number, originX: number, originZ: number, spacing: number): void;
  setNoise(t: Ptr, seed: number, amplitude: number, wavelength: number, octaves: number): void;
  setWaterAndCell(t: Ptr, hasWater: number, water: number, cell: number): void;
  terrainData(t: Ptr): Ptr;
  freeTerrain(t: Ptr): void;
  newGround(terrain: Ptr, cell: number, hasDepth: number, scatter: Ptr): Ptr;
  freeGround(g: Ptr): void;
  newSolids(count: number): void;
  solidsX(): Ptr;
  solidsZ(): Ptr;
  solidsRadii(): Ptr;
  placeSolids(seed: number, count: number, x0: number, z0: number, x1: number, z1: number, rMin: number, rMax: number, at: number): void;
  buildSolids(): Ptr;
  freeSolids(grid: Ptr): void;
  solidsCount(grid: Ptr): number;
  resetCorners(): void;
  reserveNear(capacity: number): void;
  stand(ground: Ptr, x: number, z: number): void;
  slide(ground: Ptr, bodies: number, dx: number, dz: number): void;
  carry(ground: Ptr, bodies: number, dx: number, dz: number): void;
  seek(ground: Ptr, bodies: number, tx: number, tz: number, stop: number): void;
  walk(ground: Ptr, bodies: number, dt: number): void;
  clearRefusedMove(): void;
  wasMoveRefused(): number;
  refusedMoveAddress(): Ptr;
  newHerd(ground: Ptr, kindCount: number, capacity: number, blocking: number): Ptr;
  herdTable(h: Ptr): Ptr;
  herdMasks(h: Ptr): Ptr;
  reserveHerd(h: Ptr, capacity: number): void;
  freeHerd(h: Ptr): void;
  herdMove(h: Ptr, from: number, to: number): void;
  herdForget(h: Ptr, index: number): void;
  herdStep(h: Ptr, dt: number): number;
  herdCount(h: Ptr): number;
  setHerdCount(h: Ptr, count: number): void;
  herdCapacity(h: Ptr): number;
  [layout: string]: unknown;
}

/** A layout constant the core exports (an offset computed by the compiler: assembly/memory.ts and herd.ts). */
export function layout(exports: CoreExports, name: string): number {
  const g = exports[name];
  if (!(g instanceof WebAssembly.Global)) throw new Error(`walker: the wasm core has no layout constant ${name}; it is not walker's core, or is out of date (npm run asbuild).`);
  return g.value as number;
}

/** Throws unless the instance has the exports of walker's core. */
export function checkExports(exports: Record<string, unknown>): CoreExports {
  for (const name of ['memory', 'walk', 'seek', 'slide', 'carry', 'stand', 'herdStep', 'newGround']) {
    if (exports[name] === undefined) throw new Error(`walker: the wasm module has no export "${name}"; it is not walker's core, or is out of date (npm run asbuild).`);
  }
  return exports as unknown as CoreExports;
}
