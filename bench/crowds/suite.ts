/** Every crowd scene run by walker and by Detour's crowd, taking turns in the same process. */
import type { CrowdContender } from './contender.ts';
import { detourContender } from './detour.ts';
import { runScene, type CrowdResult } from './run.ts';
import { jitterScene } from './jitter.ts';
import { CROWD_SCENES } from './scenes.ts';
import { walkerContender } from './walker.ts';

export interface SuiteOptions {
  /** Fields laid over walker's crowd kind (say, avoidance knobs), passed only when given. */
  walkerKind?: Readonly<Record<string, unknown>>;
  /** Only the scenes whose name holds this text (any case), when given. */
  only?: string;
  /** walker alone, without Detour's crowd (quicker, for trying kind knobs; its µs are then not side by side). */
  walkerOnly?: boolean;
  /** When given, every scene's starts jittered from this seed (jitterScene). */
  jitterSeed?: number;
  /** Called with a line of progress before and after each run. */
  progress?: (line: string, done?: boolean) => void;
}

/** The crowd table's rows: for each scene, walker's row then Detour's. */
export async function runCrowdSuite(options: SuiteOptions = {}): Promise<CrowdResult[]> {
  const walker = walkerContender(options.walkerKind);
  const contenders: CrowdContender[] = options.walkerOnly === true ? [walker] : [walker, await detourContender()];
  const results: CrowdResult[] = [];
  const all = CROWD_SCENES.map((make) => make());
  const picked = all.filter((s) => options.only === undefined || s.name.toLowerCase().includes(options.only.toLowerCase()));
  const seed = options.jitterSeed;
  const scenes = seed === undefined ? picked : picked.map((s) => jitterScene(s, seed));
  if (scenes.length === 0) throw new Error(`bench:crowds: no scene's name holds ${JSON.stringify(options.only)}; the scenes are ${all.map((s) => s.name).join(', ')}.`);
  scenes.forEach((scene, k) => {
    const tag = `[crowds ${k + 1}/${scenes.length}] ${scene.name}`;
    options.progress?.(`${tag} · running ${contenders.map((c) => c.label).join(' and ')} by turns`);
    const started = performance.now();
    const rows = runScene(contenders, scene);
    results.push(...rows);
    const line = rows.map((r) => `${r.contender} ${r.allArrivedAt === undefined ? `${r.arrived}/${r.n} arrived` : `all arrived in ${r.allArrivedAt.toFixed(1)} s`}, ${r.usPerBodyStep.toFixed(2)} µs`).join(' · ');
    options.progress?.(`${tag} · ${line} (${((performance.now() - started) / 1000).toFixed(1)} s)`, true);
  });
  return results;
}
