/**
 * Other rows as blocking circles (K `bodies`, SE-6). Twin of src/reference/bodies.ts: there the rows of
 * ground.bodies are read into circles; here the facade has already written those circles, in the same order,
 * into the per-row scratch, and a call only says how many there are.
 */
import { GroundData, } from './ground';
import { Sampler, useGround } from './lattice';

/** The sampler one call works through: the ground, and the first `bodies` circles of the scratch as its blocking bodies. */
export function callGround(ground: GroundData, bodies: i32): Sampler {
  const g = useGround(ground);
  assert(bodies <= g.bodies.capacity, "callGround: more bodies than the scratch holds");
  g.bodies.length = bodies;
  return g;
}
