/**
 * The Companion class each entry exports: the controller bound to that entry's core, so `new Companion(options)`
 * drives the row with the entry's own walk/seek/stand; `new Companion(core, options)` still takes any core's calls.
 */
import { Companion, type CompanionOptions } from './companion.ts';
import type { WalkerCore } from './core.ts';

/** A Companion class that needs no core argument: it drives the row with the calls it was bound to. */
export interface BoundCompanion {
  new (options: CompanionOptions): Companion;
  new (core: WalkerCore, options: CompanionOptions): Companion;
  readonly prototype: Companion;
}

/** The Companion class whose default calls are `calls` (CO-3..CO-10, CO-12). */
export function companionOn(calls: WalkerCore): BoundCompanion {
  return class BoundCompanion extends Companion {
    constructor(coreOrOptions: WalkerCore | CompanionOptions, options?: CompanionOptions) {
      if (options === undefined) super(calls, coreOrOptions as CompanionOptions);
      else super(coreOrOptions as WalkerCore, options);
    }
  };
}
