/**
 * A body: a row's walking state unpacked into plain numbers and flags, the unit both cores work on (R-1, HD-1).
 * This is the one description of a body's fields: rows are read into it (src/rows.ts), a herd keeps one array per
 * field (src/herd.ts, src/reference/herd.ts), the facade's scratch and views move them (src/wasm/), in this order.
 * Its wasm twin is assembly/memory.ts `Body`, whose field offsets the facade reads from the module by these names.
 */

/** A body's numbers (f64 in wasm memory), in the order of the wasm struct. `side` is -1, 0 or 1. */
export const BODY_NUMBERS = ['x', 'y', 'z', 'vx', 'vy', 'vz', 'wantX', 'wantZ', 'face', 'yaw', 'floor', 'speed', 'side', 'turned'] as const;
/** A body's flags (a byte each in wasm memory). `hasFace` says whether `face` is set (else the body turns toward want). */
export const BODY_FLAGS = ['hasFace', 'jump', 'air', 'steep'] as const;
/** The numbers a call writes, which must be finite: all but `face` (never written) and `side` (a whole number). */
export const FINITE_NUMBERS = ['x', 'y', 'z', 'vx', 'vy', 'vz', 'wantX', 'wantZ', 'yaw', 'floor', 'speed', 'turned'] as const;

export type BodyNumber = (typeof BODY_NUMBERS)[number];
export type BodyFlag = (typeof BODY_FLAGS)[number];

/** A row's walking state: every field of BODY_NUMBERS and BODY_FLAGS. */
export type Body = { [F in BodyNumber]: number } & { [F in BodyFlag]: boolean };

/** A body at rest at the origin with no face: every number 0, every flag false. */
export function newBody(): Body {
  const body = {} as Body;
  for (const f of BODY_NUMBERS) body[f] = 0;
  for (const f of BODY_FLAGS) body[f] = false;
  return body;
}

/** Whether every number a call writes is finite. */
export function finiteBody(body: Body): boolean {
  for (const f of FINITE_NUMBERS) if (!Number.isFinite(body[f])) return false;
  return true;
}
