/** Every crowd scene run by walker and by Detour's crowd, one after the other in the same process. */
import type { CrowdContender } from './contender.ts';
import { detourContender } from './detour.ts';
import { runCrowd, type CrowdResult } from './run.ts';
import { CROWD_SCENES } from './scenes.ts';
import { walkerContender } from './walker.ts';

export interface SuiteOptions {
  /** Fields laid over walker's crowd kind (say, avoidance knobs), passed only when given. */
  walkerKind?: Readonly<Record<string, unknown>>;
  /** Only the scenes whose name holds this text (any case), when given. */
  only?: string;
  /** Called with a line of progress before and after each run. */
  progress?: (line: string, done?: boolean) => void;
}

/** The crowd table's rows: for each scene, walker's run then Detour's. */
export async function runCrowdSuite(options: SuiteOptions = {}): Promise<CrowdResult[]> {
  const contenders: CrowdContender[] = [walkerContender(options.walkerKind), await detourContender()];
  const results: CrowdResult[] = [];
  const all = CROWD_SCENES.map((make) => make());
  const scenes = all.filter((s) => options.only === undefined || s.name.toLowerCase().includes(options.only.toLowerCase()));
  if (scenes.length === 0) throw new Error(`bench:crowds: no scene's name holds ${JSON.stringify(options.only)}; the scenes are ${all.map((s) => s.name).join(', ')}.`);
  scenes.forEach((scene, k) => {
    for (const c of contenders) {
      const tag = `[crowds ${k + 1}/${scenes.length}] ${scene.name} · ${c.label}`;
      options.progress?.(`${tag} · running`);
      const started = performance.now();
      const r = runCrowd(c, scene);
      results.push(r);
      const all = r.allArrivedAt === undefined ? `${r.arrived}/${r.n} arrived` : `all arrived in ${r.allArrivedAt.toFixed(1)} s`;
      options.progress?.(`${tag} · ${all}, ${r.usPerBodyStep.toFixed(2)} µs/body-step (${((performance.now() - started) / 1000).toFixed(1)} s)`, true);
    }
  });
  return results;
}
