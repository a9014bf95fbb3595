/**
 * SL-3, SL-4, CA-1..CA-3 over long moves: three slides and carries of metres along and across a straight wall (two
 * terrain3d heightmaps, span-0 bodies whose feet are one point), found by a seeded campaign of walls and cliffs. Each
 * must end at the wall's foot — no higher than step + jumpH above where it started, not through the wall — on every
 * core. wall-a: samples 1.665 m apart, no lattice, a 6.7 m wall whose flanks rise 2.5 per metre (maxSlope 1, step 0.3);
 * wall-b: samples 0.343 m apart on a 1 m lattice, a 3.15 m wall 5.7 m thick (radius 1.65, step 0.3).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { CORES } from '../cores.ts';
import type { Row, World } from '../../src/types.ts';

const world = (file: string): World => JSON.parse(readFileSync(new URL(`fixtures/${file}`, import.meta.url), 'utf8')) as World;

interface LongMove {
  name: string;
  file: string;
  op: 'slide' | 'carry';
  pos: [number, number, number];
  delta: [number, number];
  /** Positive on the side the body starts, where the wall crosses the move. */
  side?: (x: number, z: number) => number;
}

const MOVES: LongMove[] = [
  { name: 'a 7.3 m slide mostly along wall-a', file: 'wall-a.json', op: 'slide', pos: [-4.687383093347425, 0.6584173815235568, -35.15733079498617], delta: [1.224186623261669, 7.151521378380461] },
  { name: 'an 8 m carry mostly along wall-a', file: 'wall-a.json', op: 'carry', pos: [-16.54881540172491, 0.5270402435274929, 22.360491753402837], delta: [4.47094137710057, -6.604398054640943] },
  { name: 'a 50 m carry across wall-b', file: 'wall-b.json', op: 'carry', pos: [54.67859134114452, 0, 4.01604207613151], delta: [48.85499897565397, -10.639035439777842], side: (x, z) => z - 0.6858337292447687 },
];

for (const { name, api } of CORES) {
  describe(`SL-3, SL-4, CA-1: long moves stop at a steep wall's foot (${name})`, () => {
    for (const m of MOVES) {
      test(`SL-4, CA-3: ${m.name} ends no higher than step + jumpH above its start, on the side it started (${name})`, () => {
        const w = world(m.file);
        const g = api.groundOf(w);
        const n = api.numbers({ kind: 'body' }, w);
        const me: Row = { kind: 'body', pos: [...m.pos], floor: m.pos[1] };
        api[m.op](me, w, m.delta, g);
        const rise = api.stand(n, g, me.pos[0], me.pos[2]) - m.pos[1];
        expect(rise).toBeLessThanOrEqual(n.step + n.jumpH);
        if (m.side !== undefined) expect(Math.sign(m.side(me.pos[0], me.pos[2]))).toBe(Math.sign(m.side(m.pos[0], m.pos[2])));
      });
    }
  });
}
