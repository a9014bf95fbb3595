/**
 * The keys a Companion's options may hold (BI-5): a misspelt `trailCapacity` or `onHit` is refused with the nearest
 * key suggested, not quietly ignored.
 */
import { checkKnownKeys } from '../known.ts';
import type { CompanionOptions } from './companion.ts';

const COMPANION_OPTIONS: readonly (keyof CompanionOptions)[] = ['row', 'world', 'ground', 'id', 'tripwire', 'onHit', 'trailCapacity'];

/** Throws unless every key of the options object is one of CompanionOptions'. */
export function checkCompanionOptionKeys(options: object): void {
  checkKnownKeys('Companion options', options, COMPANION_OPTIONS);
}
