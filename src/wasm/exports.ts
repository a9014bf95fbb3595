/** The exports of the wasm core (assembly/index.ts) as the facade uses them: addresses are byte offsets. */
type Ptr = number;
/** A per-row call's status: CALL_DONE, or CALL_MOVE_REFUSED with the refused move in the results (assembly/memory.ts). */
type Status = number;

export interface CoreExports {
  memory: WebAssembly.Memory;
  alloc(size: number): Ptr;
  free(ptr: Ptr): void;
  usedBytes(): number;
  arenaTop(): Ptr;
  reclaim(): void;
  keepRetired(): void;
  grownToAddress(): Ptr;
  callBodyAddress(): Ptr;
  callNumbersAddress(): Ptr;
  callResultAddress(): Ptr;
  callBodiesAddress(): Ptr;
  callMotionsAddress(): Ptr;
  reserveCallBodies(count: number): void;
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
  buildSolids(minX: number, minZ: number, cellSize: number, nx: number, nz: number, maxRadius: number): Ptr;
  editSolid(grid: Ptr, id: number, x: number, z: number, radius: number): void;
  newShapes(grid: Ptr, minX: number, minZ: number, cellSize: number, nx: number, nz: number): void;
  pieceCornersIn(): Ptr;
  editPiece(grid: Ptr, p: number, count: number, radius: number, log: number): void;
  freeSolids(grid: Ptr): void;
  resetCorners(): void;
  reserveNear(capacity: number): void;
  stand(ground: Ptr, x: number, z: number): Status;
  slide(ground: Ptr, bodies: number, dx: number, dz: number): Status;
  carry(ground: Ptr, bodies: number, dx: number, dz: number): Status;
  seek(ground: Ptr, bodies: number, tx: number, tz: number, stop: number): Status;
  walk(ground: Ptr, bodies: number, dt: number): Status;
  newGrid(ground: Ptr, cell: number, i0: number, j0: number, w: number, h: number): Ptr;
  freeGrid(grid: Ptr): void;
  forgetCellsIn(grid: Ptr, x0: number, z0: number, x1: number, z1: number, reach: number): number;
  forgetEditIn(grid: Ptr, count: number, reach: number): void;
  dropRowFieldsIn(x0: number, z0: number, x1: number, z1: number): void;
  dropRowFieldsOfEdit(solids: Ptr, count: number): void;
  seekRoute(ground: Ptr, bodies: number, key: number, tx: number, tz: number, stop: number): Status;
  gridCells(grid: Ptr): Ptr;
  route(grid: Ptr, sx: number, sz: number, tx: number, tz: number, slopeCost: number, waterCost: number, i0: number, j0: number, w: number, h: number, budget: number): Status;
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
  herdThreads(h: Ptr, count: number): void;
  startChecks(h: Ptr): void;
  checkThread(h: Ptr, thread: number, from: number, to: number, dt: number): number;
  beginThreads(h: Ptr, dt: number): void;
  stepThread(h: Ptr, thread: number, from: number, to: number, dt: number): number;
  endThreads(): void;
  [layout: string]: unknown;
}

/** Throws unless the instance has the exports of walker's core. */
export function checkExports(exports: Record<string, unknown>): CoreExports {
  for (const name of ['memory', 'walk', 'seek', 'slide', 'carry', 'stand', 'route', 'herdStep', 'newGround', 'CALL_DONE']) {
    if (exports[name] === undefined) throw new Error(`walker: the wasm module has no export "${name}"; it is not walker's core, or is out of date (npm run asbuild).`);
  }
  return exports as unknown as CoreExports;
}
