/**
 * The mirror rule (STYLE.md, WX-1, WX-3): src/reference/X.ts is the twin of assembly/X.ts, for every file of either
 * folder. Twins declare the same functions, classes and constants in the same order, and a function both declare
 * takes the same parameters (names and types, AssemblyScript's numeric types read as number) and returns the same
 * type. What one side alone needs is listed below with the reason, so a one-sided file, a name added, renamed or
 * moved on one side only, or a changed signature fails this test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** assembly/ files with no twin, and why: the reference has no linear memory to lay out and asks JS callbacks. */
const WASM_ONLY: Record<string, string> = {
  memory: 'the arena, the structs and every offset the facade reads; the reference lives on the JS heap',
  ground: "the uploaded terrain3d/scatter3d grounds and the baked corner cache; the reference asks the ground's callbacks",
  crowd: "the herd's grid of bodies for blocking; the reference herd gathers blockers from a list",
  index: 'exports only; the reference entry is src/reference.ts',
  herdLayout: "a herd's struct in linear memory and the offsets the facade reads it at; the reference's herd is a class on the JS heap",
  threadContexts: "the contexts of a herd's worker threads (HD-5); the reference steps on one thread",
  threads: "a herd step's ranges on worker threads over the shared memory (HD-5); the reference steps on one thread",
  clearWay: "a herd body's kept proof of a clear way, which lets seek, slide and walk's push skip searches for solids the reference has no grid to prove",
  gentleProof: "a herd body's proof that the lattice cells round it are gentle, for gentleSlope and gentleWay, which the reference has not",
  clusterMemo: "a herd's kept clusters of solids, which lets seek skip gathering a cluster it gathered before; the reference gathers every one",
  changeBins: "the solids' changes since a herd's last step filed in bins, so the herd drops the memos they reach body by body; the reference herd keeps no memos",
  pieceFree: "a herd body's kept disc clear of every piece, within which a query of the shape grid finds none without walking its cells; the reference keeps no memos",
  rest: "a herd body's kept rest, which lets a step skip a body it would leave as it is; the reference steps every body",
};

/** Per twin: names only the reference declares and names only the AssemblyScript declares, each list with its reason. */
const ONE_SIDED: Record<string, { reference: string[]; assembly: string[] }> = {
  // The grid frees its arrays in wasm, and is always filed over the reference's cells (fileScatterGrid), never laid
  // out from its circles; the reference's query lists indices into the grid for its callers, wasm's appends the
  // circles themselves to the sampler's list, read from the grid's copy of them in cell order, and keeps each
  // circle's gap from its nearest neighbour (measured again near an edit); a cell's ids are read from its edited list
  // or, where no edit reached it, from the build's filing (editedList, cellBegin, cellEnd, cellId).
  scatter: {
    reference: ['buildScatterGrid', 'queryScatterGrid'],
    assembly: ['editedList', 'cellBegin', 'cellEnd', 'cellId', 'GAP_REACH', 'measureGap', 'repairGaps', 'reachesWithin', 'gatherScatterGrid', 'circleOf', 'gapOf', 'idOf', 'freeScatterGrid'],
  },
  // The reference asks JS callbacks through a per-call cache and checks the ground; wasm locates baked corners, keeps
  // one sampler, picks the triangle without a branch and multiplies by 1 / cell where that is exact; it works out a
  // body's five feet together (latticeFeet), and the twelve points of its slope (latticeCross), each row and column once,
  // in a tile located once.
  lattice: {
    reference: ['cornerKey', 'asked', 'checkGround', 'isPiece', 'circlesOf', 'isGoodPiece', 'checkedSolids'],
    assembly: ['triangleValue', 'latticeFeet', 'latticeCross', 'pick', 'perCell', 'underI0', 'underJ0', 'underI1', 'underJ1', 'divisions', 'inverseOf', 'sampler', 'heights', 'depths', 'near', 'useGround', 'nearList', 'reserveNear'],
  },
  // The reference lays a shape grid's cells out; wasm keeps records of PIECE_WORDS words in linear memory that it
  // frees, and answers a query in a list of piece numbers each thread has its own of, sized on the main thread
  // (FoundPieces, foundPieces, reserveFound), skipping the pieces whose kept box the query's square misses (BOX_HAIR,
  // boxFar: the same answers); a herd's memos ask whether any piece is near (anyPieceReaches), which the reference,
  // keeping none, never asks, and measure how far the nearest piece is (pieceClearance) for a herd body's disc clear
  // of every piece, within which a query answers none at once.
  shapeGrid: {
    reference: ['newShapeGrid'],
    assembly: ['PIECE_WORDS', 'pieceRecord', 'pieceCorners', 'shapeList', 'reservePieces', 'FoundPieces', 'foundPieces', 'reserveFound', 'BOX_HAIR', 'boxFar', 'pieceClearance', 'anyPieceReaches', 'freeShapeGrid'],
  },
  // Rows are read into circles, with their motion and the share of avoiding them (shareOf, AV-6), by the facade
  // (blockingBodies); wasm receives them as circles.
  bodies: { reference: ['shareOf', 'blockingBodies'], assembly: [] },
  // wasm keeps a neighbour and a line as a record in linear memory and lays avoidance's statics out in a block a
  // worker thread binds its own of (AV); the reference keeps parallel arrays on the JS heap.
  neighbours: { reference: [], assembly: ['Neighbour'] },
  avoid: { reference: [], assembly: ['Line', 'AVOID_BYTES', 'bindAvoid'] },
  // The reference's per-row calls throw a refused move; wasm's return it as the call's status. wasm skips the samples
  // of a way its corner cache proves gentle and dry (gentleWay, for the scan's shortest run: shortestRun) and a slope
  // it proves gentle (gentleSlope), and a herd
  // body keeps a proof of the cells round it for both (keepWayProof, proofDivisor): the reference asks its ground's
  // callbacks, which it cannot bound. wasm's standHeight asks its feet, and standGradient its slope's points, into
  // statics (footing, crossing) a worker points at its own; walk skips a face test steepGround's proof of gentle
  // ground just answered (provedGentle), and faceAt skips the proof steepGround just failed at the same place
  // (unprovedX, unprovedZ).
  slide: { reference: ['throwIfMoveRefused'], assembly: ['shortestRun', 'gentleWay', 'keepWayProof', 'callStatus'] },
  stand: { reference: [], assembly: ['crossing', 'footing', 'gentleSlope', 'proofDivisor', 'provedGentle', 'unprovedX', 'unprovedZ'] },
  // wasm's lattice works out a slope's twelve points together (latticeCross) into a record of its own; the
  // reference's standGradient asks them one by one.
  feet: { reference: [], assembly: ['Cross'] },
  // The facade's turns relative to a yaw (src/relative.ts) take sines; nothing wasm works out does (SE-4's tangents are vectors).
  math: { reference: ['sinReduced', 'sin', 'cos'], assembly: [] },
  // The cluster list's storage is a static segment in wasm. A herd body in wasm keeps a proof that a stretch of its
  // way is clear of every solid but its blocker, and skips the search along it; a solid standing further than a
  // body's diameter from every other is its own obstacle without a query; a herd body keeps the probe of its way it
  // found blocked, and while it stands there with the same floor it skips that slide (the same answers); a kept
  // proof's blocker counts as met only where a piece's query of the search would find it (foundByPieces); a corner's
  // disc a piece adds to a cluster is written in a static a worker thread binds its own of (corner); a cluster of
  // solids alone (solidsOnly) is recalled from the herd's memo, a member is looked for only among those within reach
  // (isMember), and a jam's solids are asked apart from its bodies (reachesSolid); a proof's blocker may be a piece,
  // met where a query would find it (pieceFoundByPieces), and its margin measures the pieces (segmentToPiece); a herd
  // body's way that no blocking body comes near (assembly/crowd.ts crowdNearWay) is searched among the solids alone
  // (searchWay).
  seek: {
    reference: [],
    assembly: [
      'searchWay', 'foundByPieces', 'pieceFoundByPieces', 'CLEAR_REACH', 'skippedPieces', 'blockerEntry', 'blockerPlace', 'segmentDistance', 'segmentToPiece', 'placeOfBlocker', 'solidsOnly', 'standsAlone', 'proveClearWay', 'corner', 'isMember', 'reachesSolid',
      'BlockedProbe', 'BLOCKED_PROBE_NUMBERS', 'blockedProbe', 'keepBlockedProbe', 'clusterData',
    ],
  },
  // wasm frees grids and grows the search's and the route's storage by copying (so it counts its heap's room, in
  // both storages).
  passability: { reference: [], assembly: ['freeGrid'] },
  search: { reference: [], assembly: ['heapCapacity', 'asideHeapCapacity', 'grown'] },
  waypoints: { reference: [], assembly: ['routeSize'] },
  fields: { reference: [], assembly: ['freeFieldSet'] },
  // The reference files its per-row fields under keys it makes from the ground (the facade makes wasm's);
  // wasm drops an edit's fields from the boxes its own log holds (dropRowFieldsOfEdit), where the reference is handed them.
  seekCalls: { reference: ['FieldKey', 'keysGiven', 'rowKeys', 'fieldKey'], assembly: ['dropRowFieldsOfEdit'] },
  // The reference also holds the host side both entries share — regions, options, reading a route out, the grids
  // kept — and its public passability; wasm hands the facade a filled grid's cells, and repairs a kept grid after an
  // edit from the boxes its own log holds (forgetEditIn), where the reference is handed them.
  route: {
    reference: [
      'MAX_CELLS', 'MARGIN', 'BLOCK', 'Region', 'routeCell', 'tooBig', 'boxRegion', 'regionOf', 'regionWithin',
      'routeOptions', 'MAX_BUDGET', 'checkBudget', 'routeFrom', 'passabilityFrom', 'GRIDS_KEPT', 'Kept', 'kept', 'partsOf', 'gridFor', 'forgetCellsWhere', 'keptPassability', 'passability',
    ],
    assembly: ['gridCells', 'forgetEditIn'],
  },
  // The field lists and the arrays' interface are the reference's (the wasm struct is assembly/memory.ts Herd); the
  // reference phrases a refused body and gathers blockers from a list; wasm owns the arrays' memory, files a grid,
  // remembers each body's last stand height, its proof of a clear way, its blocked probe, its proof of gentle
  // ground, its disc clear of every piece (measured afresh where it moved on: usePieceFree) and its rest (a step that
  // changed nothing: restOf, unchanged, a new epoch when the dt or the solids change: newRestEpoch; among bodies that
  // block, dropped where a body changed near it, on a grid of its own: LAST_FILED, CHANGE_SIDE, CHANGE_CELL, changeColumn,
  // changeRow, flagChange, bodiesChanged, wakeRestsNear), drops the kept clusters an
  // edit reaches (forgetClusters), and checks finiteness inline (the reference shares src/body.ts finiteBody),
  // on the loaded body or, before a step, on the herd's arrays in place;
  // the world's size and the longest move are src/limits.ts's on the reference, constants here; wasm prepares a step
  // apart from checking its bodies, which threads share (assembly/threads.ts checkThread), and checks them two at a
  // time down the arrays first (surelyValid).
  herd: {
    reference: ['HERD_NUMBERS', 'HERD_FLAGS', 'HerdArrays', 'Herd', 'STEPPED', 'refusedField', 'blockers', 'gatherBlockers'],
    assembly: [
      'newHerd', 'herdTable', 'herdMasks', 'numbersOf', 'flagsOf', 'grown', 'grownArrays', 'grownRecords', 'reserveHerd', 'freeHerd', 'herdMove',
      'clearWayOf', 'blockedProbeOf', 'pieceFreeOf', 'gentleCellsOf', 'restOf', 'herdForget', 'recall', 'remember', 'finiteBody', 'numberAt', 'columnOf', 'finiteAt', 'WORLD', 'MAX_MOVE', 'kindBlocked', 'beginStep', 'firstRefused', 'mostWanted', 'bothAtMost', 'surelyValid', 'prepareStep', 'LAST_FILED', 'CHANGE_SIDE', 'CHANGE_CELL', 'changeColumn', 'changeRow', 'flagChange', 'bodiesChanged', 'wakeRestsNear', 'newRestEpoch', 'unchanged', 'stepBodies', 'FREE_REACH', 'FREE_ROOM', 'FREE_STEP', 'usePieceFree', 'forgetClusters', 'forgetMemosIn', 'memoBox', 'memoFlags', 'forgetMemosAt', 'herdCount',
      'setHerdCount', 'herdCapacity',
    ],
  },
};

/**
 * Functions both twins declare whose signatures differ, and why. The per-row entry points take a row on the
 * reference and the scratch on wasm (the facade reads the row into the scratch).
 */
const OTHER_SIGNATURES: Record<string, string[]> = {
  slide: ['slide'],
  carry: ['carry'],
  walk: ['walk'],
  stand: ['stand'],
  // The reference's grid is built for a region alone; wasm's also holds its ground and a copy of the scratch numbers.
  passability: ['newGrid'],
  // The reference's routing seek files its field under a key it makes from the ground, wasm's takes the scratch and
  // the key the facade made.
  seekCalls: ['seekRoute', 'seek'],
  // The public route takes a row, wasm's a grid and the window.
  route: ['route'],
  // The reference's sampler is built per call from a ground; wasm's is one static sampler pointed at a ground.
  bodies: ['callGround'],
  // The reference's take the arrays alone: the Herd API reads a body through them too (src/herd.ts get).
  herd: ['loadBody', 'storeBody', 'mostSpeed'],
  // A cell's list of ids an edit changes: a JS array on the reference, in wasm the address of the cell's slot that
  // holds the list's address (the list moves when it grows).
  scatter: ['listOf'],
};

const DECLARATION = /^(?:@\w+(?:\([^)]*\))?\s+)*(?:export\s+)?(?:function|class|interface|const|let)\s+([A-Za-z_$][\w$]*)/;

/** Names declared at the top level of a file, in order: functions, classes, interfaces and constants. */
function declarations(file: string): string[] {
  const names: string[] = [];
  for (const line of readFileSync(`${root}${file}`, 'utf8').split('\n')) {
    const m = DECLARATION.exec(line);
    if (m !== null) names.push(m[1]);
  }
  return names;
}

const NUMERIC = /^(f64|f32|i64|i32|i16|i8|u64|u32|u16|u8|usize|isize)$/;
const SAME_TYPE: Record<string, string> = { bool: 'boolean', Circles: 'Circle[]', F64s: 'Float64Array', I32s: 'Int32Array', U8s: 'Uint8Array', U8Values: 'Uint8Array' };

/** A type as both languages would name it: AssemblyScript's numeric types are number, bool is boolean. */
function normalType(type: string): string {
  const t = type.trim().replace(/^readonly\s+/, '');
  if (NUMERIC.test(t)) return 'number';
  return SAME_TYPE[t] ?? t;
}

/** Each top-level function's signature: parameter names and types, and the return type. */
function signatures(file: string): Map<string, string> {
  const text = readFileSync(`${root}${file}`, 'utf8');
  const out = new Map<string, string>();
  for (const m of text.matchAll(/^(?:@\w+\s+)*(?:export\s+)?function\s+(\w+)\s*\(/gm)) {
    let depth = 1;
    let k = m.index! + m[0].length;
    const start = k;
    for (; depth > 0; k++) depth += text[k] === '(' ? 1 : text[k] === ')' ? -1 : 0;
    const params = text.slice(start, k - 1).split(/,(?![^(]*\))/).map((p) => p.trim()).filter((p) => p !== '');
    const ret = /^\s*:\s*([^{]+)\{/.exec(text.slice(k))?.[1] ?? 'void';
    const typed = params.map((p) => {
      const [name, ...type] = p.split(':');
      return `${name.trim()}: ${normalType(type.join(':').split('=')[0])}`;
    });
    out.set(m[1], `(${typed.join(', ')}): ${normalType(ret)}`);
  }
  return out;
}

const stems = (dir: string): string[] => readdirSync(`${root}${dir}`).filter((f) => f.endsWith('.ts')).map((f) => f.slice(0, -3)).sort();
const twins = stems('assembly').filter((s) => !(s in WASM_ONLY));

describe('the mirror rule', () => {
  it('WX-3: every file of assembly/ has its twin in src/reference/ and the other way round, but for the wasm-only files listed with their reasons', () => {
    expect(stems('src/reference')).toEqual(twins);
    for (const s of Object.keys(WASM_ONLY)) expect(stems('assembly')).toContain(s);
  });

  it.each(twins)("WX-3: assembly/%s.ts declares its twin's names in the same order", (name) => {
    const ref = declarations(`src/reference/${name}.ts`);
    const asm = declarations(`assembly/${name}.ts`);
    const only = ONE_SIDED[name] ?? { reference: [], assembly: [] };
    expect(ref.filter((n) => !asm.includes(n))).toEqual(only.reference);
    expect(asm.filter((n) => !ref.includes(n))).toEqual(only.assembly);
    expect(asm.filter((n) => ref.includes(n))).toEqual(ref.filter((n) => asm.includes(n)));
  });

  it.each(twins)('WX-3: the functions of assembly/%s.ts and its twin take the same parameters and return the same type', (name) => {
    const ref = signatures(`src/reference/${name}.ts`);
    const asm = signatures(`assembly/${name}.ts`);
    const differing = [...ref.keys()].filter((f) => asm.has(f) && asm.get(f) !== ref.get(f));
    expect(differing).toEqual(OTHER_SIGNATURES[name] ?? []);
  });
});
