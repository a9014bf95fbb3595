/**
 * The records the lattice works a body's feet and slope out into (ST-1, ST-3): the ground under its five feet and
 * under the twelve points of its slope. A leaf, so that the lattice fills them and stand reads them without either
 * importing the other.
 * Twin of src/reference/feet.ts.
 */

/** The ground heights under a body's five feet (ST-1): f0 the centre, then the corners (−,−), (+,−), (−,+), (+,+). */
@unmanaged export class Feet {
  f0: f64;
  f1: f64;
  f2: f64;
  f3: f64;
  f4: f64;
}

/**
 * The ground heights at the twelve points of a slope's four stands (ST-3, standGradient), named by compass from the
 * centre (x east, z north), doubled letters two half-spans out: e0 half a span east, eeS two east and one south, …
 */
@unmanaged export class Cross {
  e0: f64;
  w0: f64;
  n0: f64;
  s0: f64;
  eeS: f64;
  eeN: f64;
  wwS: f64;
  wwN: f64;
  nnW: f64;
  nnE: f64;
  ssW: f64;
  ssE: f64;
}
