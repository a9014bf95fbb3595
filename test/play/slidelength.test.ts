/**
 * SL-1, SL-3 at any move length on the bench's heightmap grounds (bench/peers/scene.ts, reaching wasm): at a face
 * beside a sidehill, slides of every length from one start get one verdict, and a refusal met at the start of a move
 * keeps the move's part along the face.
 */
import { describe, expect, test } from 'vitest';
import { CORES } from '../cores.ts';
import { Scene } from '../../bench/peers/scene.ts';
import { walkerWorld } from '../../bench/peers/walker.ts';
import type { Row, World } from '../../src/types.ts';

const cliffs = walkerWorld(new Scene({ trees: 0, lakeAndCliffs: true }));
const hills = walkerWorld(new Scene({ trees: 0 }));

for (const { name, api, runsInWasm } of CORES) {
  /** A body of the bench's kind standing on the ground at (x, z). */
  function bodyAt(w: World, ground: ReturnType<typeof api.groundOf>, x: number, z: number): Row {
    const n = api.numbers({ kind: 'body', pos: [x, 0, z] } as Row, w) as never;
    return { kind: 'body', pos: [x, api.stand(n, ground, x, z), z] } as Row;
  }

  describe(`SL-3 one verdict at every move length (${name})`, () => {
    test(`SL-3: at a face beside a sidehill (lake and cliffs, heading +z), slides of 0.05 m to 5 m all make the same move per metre, none refused (${name})`, () => {
      const ground = api.groundOf(cliffs);
      if (name !== 'reference') expect(runsInWasm(ground)).toBe(true);
      const [x, z] = [-73.0531335718724, -50.752425196555286];
      const lengths = [0.05, 0.25, 0.5, 1, 2, 3, 3.8, 5];
      const perMetre = lengths.map((l) => {
        const made = api.slide(bodyAt(cliffs, ground, x, z), cliffs, [0, l], ground);
        return [made[0] / l, made[1] / l];
      });
      expect(perMetre[0][1]).toBeGreaterThan(0.9);
      for (const p of perMetre) {
        expect(Math.abs(p[0] - perMetre[0][0]), `per metre ${p} against ${perMetre[0]}`).toBeLessThan(1e-9);
        expect(Math.abs(p[1] - perMetre[0][1]), `per metre ${p} against ${perMetre[0]}`).toBeLessThan(1e-9);
      }
    });
  });

  describe(`SL-1, SL-3 a refusal keeps the move's part along the face (${name})`, () => {
    test(`SL-1: on the hills, a 0.05 m slide into a face met at the start slides along it as a 0.25 m slide does, rather than returning 0 (${name})`, () => {
      const ground = api.groundOf(hills);
      const [x, z] = [80.43576272236005, 59.938526326702494];
      const [tx, tz] = [70.53148102906175, 49.41614879875799];
      const d = Math.hypot(tx - x, tz - z);
      const made = [0.05, 0.25].map((l) => api.slide(bodyAt(hills, ground, x, z), hills, [((tx - x) / d) * l, ((tz - z) / d) * l], ground));
      expect(Math.hypot(made[0][0], made[0][1])).toBeGreaterThan(0.2 * 0.05);
      expect(Math.hypot(made[1][0], made[1][1])).toBeGreaterThan(0.2 * 0.25);
      expect(made[0][0] * made[1][0] + made[0][1] * made[1][1]).toBeGreaterThan(0);
    });
  });
}
