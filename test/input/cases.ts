/**
 * Bad input, table-driven (BI-1..BI-6): for every public name of both entries but the companion's, the hostile values
 * a caller can pass, what each call must say, and a seeded mix of good and bad calls for the fuzz run
 * (scripts/fuzz-input.ts) and its slice in the test suite. A case's call throws an Error whose message is one
 * sentence naming `field` and showing `shown`, or, when `accepts` is set, returns.
 */
import { show } from '../../src/limits.ts';
import type { Api } from '../cores.ts';
import type { Kind, Row, World } from '../../src/types.ts';

export const KIND = {
  radius: 0.4, height: 1.8, accel: 12, turnRate: 10, gravity: 20, jumpH: 0.9, step: 0.6, maxSlope: 0.7,
  slopeBand: 0.1, wade: 0.5, span: 0.5, probe: 2, slide: 4, seekSpeed: 3,
};

/** A world on a terrain3d heightmap and scatter3d trees: its ground runs in wasm on the wasm cores. */
export function world(kind: Record<string, unknown> = KIND): World {
  return {
    walker: { kinds: { xbot: { ...kind } as unknown as Kind }, mods: { height: 'terrain3d', depth: 'terrain3d', cell: 'terrain3d', solids: 'scatter3d' } },
    terrain3d: {
      rings: [{ reach: 16, seg: 32 }],
      heightmap: { origin: [-16, -16], spacing: 1, nx: 33, nz: 33, data: Array.from({ length: 33 * 33 }, (_, i) => (i % 7 === 0 ? 0.3 : 0)) },
      water: -1,
    },
    scatter3d: { instances: [{ x: 3, z: 0, radius: 0.5 }] },
  };
}

export function row(extra: Record<string, unknown> = {}): Row {
  return { kind: 'xbot', pos: [0, 0, 0], vel: [0, 0, 0], want: [1, 0], ...extra } as Row;
}

/** Values of no type a field expects, and numbers beyond every limit. */
export const HOSTILE: readonly unknown[] = [
  null, undefined, 'x', true, {}, Symbol('s'), 10n, NaN, Infinity, -Infinity, 1e300, -1e300,
];

/** Arrays that are not what a vector field expects: holes, short, long, strings, hostile elements. */
export function badVectors(length: number): unknown[] {
  const good = Array.from({ length }, () => 0);
  const out: unknown[] = [[], good.slice(0, length - 1), [...good, 0], new Array(length), 'abc', { length }];
  for (const v of [null, undefined, 'x', Symbol('e'), 5n, NaN, Infinity, -1e300]) {
    const a: unknown[] = [...good];
    a[length - 1] = v;
    out.push(a);
  }
  const sparse: unknown[] = [...good];
  delete sparse[0];
  out.push(sparse);
  return out;
}

/** The row (or herd body) the running case handed to its call, and a deep copy taken before: compared after a throw. */
export const last: { now: (() => unknown) | undefined; before: unknown } = { now: undefined, before: undefined };

/** Records how to read the state a call may change, and reads it now. */
function keep(now: () => unknown): void {
  last.now = now;
  last.before = now();
}

export interface Case {
  /** What is called, for test titles and the fuzz counts. */
  call: string;
  /** The argument or field the message must name. */
  field: string;
  /** The value; the message must show it (its `show`). */
  value: unknown;
  /** Runs the call on a fresh world and row; returns the row (to compare) and the call's result. */
  run(api: Api): { row?: unknown; result?: unknown; before?: unknown };
  /** Text the message must hold, if not show(value). */
  shown?: string;
  /** The call is one that must return (a documented result), not throw. */
  accepts?: boolean;
}

/** A deep copy that keeps Symbols and BigInts (structuredClone refuses Symbols). */
export function clone(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const out: unknown[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) if (i in value) out[i] = clone(value[i]);
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value)) out[k] = clone((value as Record<string, unknown>)[k]);
  return out;
}

/** The element of a vector a message shows, or the value itself. */
function shownOf(value: unknown): string {
  if (Array.isArray(value)) return show(value).slice(0, 12);
  return show(value);
}

function perRow(call: string, field: string, value: unknown, go: (api: Api, me: Row, w: World) => unknown, me: () => Row = () => row()): Case {
  return {
    call, field, value,
    run(api) {
      const w = world();
      const r = me();
      const before = clone(r);
      keep(() => clone(r));
      return { row: r, before, result: go(api, r, w) };
    },
    shown: shownOf(value),
  };
}

type Call = [string, (api: Api, me: Row, w: World, g: ReturnType<Api['groundOf']>) => unknown];

/** The per-row calls with good other arguments. */
const CALLS: Call[] = [
  ['walk', (api, me, w, g) => api.walk(me, w, 1 / 60, g)],
  ['slide', (api, me, w, g) => api.slide(me, w, [0.5, 0], g)],
  ['carry', (api, me, w, g) => api.carry(me, w, [0.5, 0], g)],
  ['seek', (api, me, w, g) => api.seek(me, w, [5, 5], 0.1, g)],
];

const ROW_FIELDS: Array<[string, () => unknown[]]> = [
  ['row.pos', () => [...badVectors(3), [1e7, 0, 0], [0, 0, -2e6]]],
  ['row.vel', () => badVectors(3).filter((v) => v !== undefined)],
  ['row.want', () => badVectors(2).filter((v) => v !== undefined)],
  ['row.yaw', () => HOSTILE.filter((v) => v !== undefined).concat([2e6])],
  ['row.face', () => HOSTILE.filter((v) => v !== undefined && v !== null)],
  ['row.side', () => HOSTILE.filter((v) => v !== undefined).concat([2, 0.5])],
  ['row.jump', () => HOSTILE.filter((v) => v !== undefined && v !== true)],
  ['row.floor', () => HOSTILE.filter((v) => v !== undefined && v !== 1e300 && v !== -1e300)],
  ['row.turned', () => HOSTILE.filter((v) => v !== undefined)],
  ['row.kind', () => [null, undefined, 5, {}, Symbol('k'), 7n]],
];

/** Every case: each per-row call with each bad field or argument, stand, relative, hitscan, gravity, the kinds table, grounds, herds. */
export function cases(): Case[] {
  const out: Case[] = [];
  for (const [call, go] of CALLS) {
    for (const [field, values] of ROW_FIELDS) {
      for (const value of values()) {
        const key = field.slice(4);
        const c = perRow(call, field, value, (api, me, w) => go(api, me, w, api.groundOf(w)), () => {
          const r = row();
          (r as Record<string, unknown>)[key] = value;
          return r;
        });
        // A huge but finite vel or want moves nothing but a walk: the other calls give their documented result.
        const huge = Array.isArray(value) && value.length === (key === 'vel' ? 3 : 2)
          && Array.from(value).every((v) => typeof v === 'number' && Number.isFinite(v));
        if (huge && call !== 'walk' && (key === 'vel' || key === 'want')) c.accepts = true;
        out.push(c);
      }
    }
    for (const value of HOSTILE.filter((v) => typeof v !== 'object' || v === null)) {
      out.push(perRow(call, 'row', value, (api, _me, w) => go(api, value as Row, w, api.groundOf(w))));
    }
    for (const value of HOSTILE.filter((v) => typeof v !== 'object')) {
      out.push(perRow(call, 'world', value, (api, me, w) => go(api, me, value as World, api.groundOf(w))));
      out.push(perRow(call, 'ground', value, (api, me, w) => go(api, me, w, value as never)));
    }
  }
  for (const value of [...HOSTILE, 0, -1, 200]) out.push(perRow('walk', 'dt', value, (api, me, w) => api.walk(me, w, value as number, api.groundOf(w))));
  out.push(perRow('walk', 'walk would move', 1e9, (api, me, w) => api.walk(me, w, 1 / 60, api.groundOf(w)), () => row({ vel: [1e9, 0, 0] })));
  for (const call of ['slide', 'carry'] as const) {
    for (const value of [...badVectors(2), [1e8, 0], [0, 101]]) {
      out.push(perRow(call, 'delta', value, (api, me, w) => api[call](me, w, value as number[], api.groundOf(w))));
    }
  }
  for (const value of [...badVectors(2), [2e6, 0]]) out.push(perRow('seek', 'target', value, (api, me, w) => api.seek(me, w, value as number[], 0.1, api.groundOf(w))));
  for (const value of HOSTILE.filter((v) => v !== undefined && (typeof v !== 'object' || v === null))) {
    out.push(perRow('seek', 'options', value, (api, me, w) => api.seek(me, w, [5, 5], 0.1, api.groundOf(w), value as never)));
  }
  for (const value of HOSTILE.filter((v) => v !== undefined && typeof v !== 'boolean')) {
    out.push(perRow('seek', 'options.route', value, (api, me, w) => api.seek(me, w, [5, 5], 0.1, api.groundOf(w), { route: value as boolean })));
  }
  // BI-5: a misspelt key is refused, not read as absent.
  out.push({ ...perRow('seek', 'rout', true, (api, me, w) => api.seek(me, w, [5, 5], 0.1, api.groundOf(w), { rout: true } as never)), shown: 'rout = true' });
  out.push({ ...perRow('groundOf', 'nosie', {}, (api, _me, w) => api.groundOf({ ...w, terrain3d: { rings: [{ reach: 16, seg: 32 }], nosie: {} } as never })), shown: 'nosie — did you mean noise? (nosie = an object' });
  for (const value of [...HOSTILE.filter((v) => v !== 1e300), -1]) out.push(perRow('seek', 'stop', value, (api, me, w) => api.seek(me, w, [5, 5], value as number, api.groundOf(w))));
  for (const value of [...HOSTILE, 2e6]) {
    out.push(perRow('stand', 'x', value, (api, me, w) => api.stand(api.numbers(me, w), api.groundOf(w), value as number, 0)));
  }
  for (const value of HOSTILE.filter((v) => typeof v !== 'object' || v === null)) out.push(perRow('stand', 'numbers', value, (api, _me, w) => api.stand(value as never, api.groundOf(w), 0, 0)));
  for (const value of badVectors(2)) out.push(perRow('relative', 'stick', value, (api) => api.relative(value as number[], 0)));
  for (const value of [...HOSTILE, 1e7]) out.push(perRow('relative', 'yaw', value, (api) => api.relative([0, 1], value as number)));
  // The kinds table: every limit, on the first call that reads it (K-2, K-3).
  const kindCases: Array<[string, unknown]> = [
    ['span', 1e-12], ['span', 0.01], ['span', -1], ['probe', 1e7], ['probe', 5], ['radius', NaN], ['radius', 1e300],
    ['accel', -5], ['gravity', Symbol('g')], ['seekSpeed', 10n], ['slide', Infinity], ['step', '1'],
  ];
  for (const [name, value] of kindCases) {
    out.push({
      call: 'walk', field: name, value, shown: show(value),
      run(api) {
        const w = world({ ...KIND, [name]: value });
        const r = row();
        const before = clone(r);
        keep(() => clone(r));
        return { row: r, before, result: api.walk(r, w, 1 / 60, api.groundOf(w)) };
      },
    });
  }
  // Grounds: a lattice too fine, a ring too fine, a heightmap beyond the world, trees beyond it, too many trees.
  const groundCases: Array<[string, unknown, (w: World) => void]> = [
    ['rings[0]', 1e-40, (w) => { (w.terrain3d as { rings: unknown }).rings = [{ reach: 1e-40, seg: 1 }]; }],
    ['rings[0]', 1e12, (w) => { (w.terrain3d as { rings: unknown }).rings = [{ reach: 16, seg: 1e12 }]; }],
    ['heightmap.origin', 1e7, (w) => { (w.terrain3d as { heightmap: { origin: unknown } }).heightmap.origin = [1e7, 0]; }],
    ['instances[0]', 1e308, (w) => { w.scatter3d = { instances: [{ x: 1e308, z: 0, radius: 1 }] }; }],
    ['scatter3d', 40000000, (w) => { w.scatter3d = { layers: Array.from({ length: 40 }, (_, i) => ({ seed: i, count: 1e6, extent: [0, 0, 1, 1], radius: [0, 1], solid: true })) }; }],
    ['world.parent', 64, (w) => { w.parent = w; delete w.walker; }],
  ];
  for (const [field, value, edit] of groundCases) {
    out.push({
      call: 'groundOf', field, value, shown: show(value),
      run(api) {
        const w = world();
        edit(w);
        return { result: api.groundOf(w) };
      },
    });
  }
  out.push({ call: 'ground.cell', field: 'ground.cell', value: 1e-9, run(api) {
    const w = world();
    const r = row();
    const before = clone(r);
    keep(() => clone(r));
    return { row: r, before, result: api.walk(r, w, 1 / 60, { height: () => 0, solids: () => [], cell: 1e-9 }) };
  } });
  out.push({ call: 'ground.solids', field: 'ground.solids', value: 'bad', shown: '"bad"', run(api) {
    const w = world();
    const r = row();
    const before = clone(r);
    keep(() => clone(r));
    return { row: r, before, result: api.slide(r, w, [1, 0], { height: () => 0, solids: () => ['bad'] as never }) };
  } });
  // Rows that cannot be written: every write is made or none.
  const writes: Record<string, readonly string[]> = {
    walk: ['pos', 'vel', 'yaw', 'jump', 'air', 'steep', 'floor', 'speed'], slide: ['pos'], carry: ['pos', 'vel', 'air'], seek: ['want', 'side', 'turned'],
  };
  for (const [how, blocked, make] of [
    ['frozen', ['pos', 'vel', 'want', 'yaw', 'jump', 'air', 'steep', 'floor', 'speed', 'side', 'turned'], (r: Row) => Object.freeze(r)],
    ['sealed, no vel', ['vel', 'yaw', 'jump', 'air', 'steep', 'floor', 'speed', 'side', 'turned'], (r: Row) => { delete r.vel; return Object.seal(r); }],
    ['read-only speed', ['speed'], (r: Row) => Object.defineProperty(r, 'speed', { value: 0, writable: false, enumerable: true })],
    ['proxy refusing air', ['air'], (r: Row) => new Proxy(r, { set: (t, k, v) => (k === 'air' ? false : Reflect.set(t, k, v)) })],
  ] as const) {
    for (const [call, go] of CALLS) {
      out.push({
        call, field: 'row.', value: how, shown: 'cannot be written', accepts: !writes[call].some((f) => (blocked as readonly string[]).includes(f)),
        run(api) {
          const w = world();
          const target = row();
          const r = make(target);
          const before = clone(target);
          keep(() => clone(target));
          return { row: target, before, result: go(api, r, w, api.groundOf(w)) };
        },
      });
    }
  }
  // Herds: capacity, indices, targets, fields, a disposed herd.
  // The third argument is a capacity or an options object (HD-5): `{}` is the options' defaults, not bad input.
  for (const value of [...HOSTILE.filter((v) => v !== undefined && !(typeof v === 'object' && v !== null)), -1, 2 ** 29, 1e8]) {
    out.push({ call: 'new Herd', field: 'herd capacity', value, run(api) {
      const w = world();
      return { result: new api.Herd(w, api.groundOf(w), value as number) };
    } });
  }
  for (const value of [...HOSTILE.filter((v) => v !== undefined), -1, 2 ** 29, 1e8]) {
    out.push({ call: 'new Herd({ capacity })', field: 'herd capacity', value, run(api) {
      const w = world();
      return { result: new api.Herd(w, api.groundOf(w), { capacity: value as number }) };
    } });
  }
  for (const value of [...HOSTILE.filter((v) => v !== undefined), 0, 1.5, 65]) {
    out.push({ call: 'new Herd({ threads })', field: 'herd threads', value, run(api) {
      const w = world();
      return { result: new api.Herd(w, api.groundOf(w), { threads: value as number }) };
    } });
  }
  out.push({ call: 'new Herd({ capacty })', field: 'capacty', value: 10, shown: 'capacty = 10', run(api) {
    const w = world();
    return { result: new api.Herd(w, api.groundOf(w), { capacty: 10 } as never) };
  } });
  for (const value of [...HOSTILE, -1, 1, 0.5]) {
    out.push({ call: 'herd.get', field: 'herd index', value, run(api) {
      const w = world();
      const h = new api.Herd(w, api.groundOf(w));
      h.add(row());
      return { result: h.get(value as number) };
    } });
  }
  for (const value of [...badVectors(2), [2e6, 0]]) {
    out.push({ call: 'herd.seek', field: 'target', value, shown: shownOf(value), run(api) {
      const w = world();
      const h = new api.Herd(w, api.groundOf(w));
      h.add(row());
      const before = h.get(0);
      keep(() => ({ ...h.get(0), seeking: h.seeking[0], targetX: h.targetX[0], targetZ: h.targetZ[0], stop: h.stop[0] }));
      h.seek(0, value as number[], 0.5);
      return { before, row: h.get(0) };
    } });
  }
  for (const value of HOSTILE.filter((v) => v !== undefined && typeof v !== 'boolean')) {
    out.push({ call: 'herd.seek', field: 'options.route', value, run(api) {
      const w = world();
      const h = new api.Herd(w, api.groundOf(w));
      h.add(row());
      keep(() => ({ ...h.get(0), seeking: h.seeking[0], targetX: h.targetX[0], targetZ: h.targetZ[0], stop: h.stop[0] }));
      h.seek(0, [5, 5], 0.5, { route: value as boolean });
      return { row: h.get(0) };
    } });
  }
  for (const value of badVectors(3)) {
    out.push({ call: 'herd.add', field: 'row.pos', value, shown: shownOf(value), run(api) {
      const w = world();
      const h = new api.Herd(w, api.groundOf(w));
      return { result: h.add(row({ pos: value })) };
    } });
  }
  for (const value of ['q', Symbol('f'), 3, null]) {
    out.push({ call: 'herd.numbers', field: 'herd number field', value, run(api) {
      const w = world();
      const h = new api.Herd(w, api.groundOf(w));
      return { result: h.numbers(value as never) };
    } });
  }
  out.push({ call: 'herd.step', field: 'herd body 0', value: 1e9, shown: '1000000000', run(api) {
    const w = world();
    const h = new api.Herd(w, api.groundOf(w));
    h.add(row());
    h.vx[0] = 1e9;
    const before = h.get(0);
    keep(() => h.get(0));
    h.step(1 / 60);
    return { before, row: h.get(0) };
  } });
  out.push({ call: 'herd.step', field: 'herd body 0', value: 5e6, shown: '5000000', run(api) {
    const w = world();
    const h = new api.Herd(w, api.groundOf(w));
    h.add(row());
    h.x[0] = 5e6;
    const before = h.get(0);
    keep(() => h.get(0));
    h.step(1 / 60);
    return { before, row: h.get(0) };
  } });
  for (const method of ['count', 'step', 'add', 'get', 'x'] as const) {
    out.push({ call: `disposed herd.${method}`, field: 'herd', value: 'disposed', shown: 'was disposed', run(api) {
      const w = world();
      const h = new api.Herd(w, api.groundOf(w));
      h.add(row());
      h.dispose();
      const any = h as unknown as Record<string, unknown>;
      const m = any[method];
      return { result: typeof m === 'function' ? (m as (...a: unknown[]) => unknown).call(h, method === 'step' ? 0.1 : method === 'add' ? row() : 0) : m };
    } });
  }
  // Helpers of every entry.
  for (const value of HOSTILE.filter((v) => typeof v !== 'object' || v === null)) {
    out.push({ call: 'kindOf', field: 'row', value, run: (api) => ({ result: api.kindOf(value as Row) }) });
    out.push({ call: 'numbers', field: 'world', value, run: (api) => ({ result: api.numbers(row(), value as World) }) });
    out.push({ call: 'check', field: 'world.walker.kinds', value, run: (api) => ({ result: api.check(value as never) }) });
    out.push({ call: 'groundOf', field: 'world', value, run: (api) => ({ result: api.groundOf(value as World) }) });
  }
  return out.map((c) => ({ ...c, run: (api: Api) => { last.now = undefined; return c.run(api); } }));
}
