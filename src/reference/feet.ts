/**
 * The records the lattice works a body's feet out into (ST-1): the ground under its five feet.
 * Twin of assembly/feet.ts.
 */

/** The ground heights under a body's five feet (ST-1): f0 the centre, then the corners (−,−), (+,−), (−,+), (+,+). */
export class Feet {
  f0 = 0.0;
  f1 = 0.0;
  f2 = 0.0;
  f3 = 0.0;
  f4 = 0.0;
}
