/**
 * The report: markdown tables (speed, behaviour, machine) and the chart, a hand-written SVG of body-steps per second
 * against N on log-log axes, one panel per tree count, one line per contender.
 */
import type { Behaviour, MemoryReport, Timing } from './measure.ts';

/** One contender at one N on one scene. */
export interface SpeedRow {
  trees: number;
  n: number;
  id: string;
  label: string;
  timing?: Timing;
  /** Why there is no timing. */
  skipped?: string;
  /** The memory child's report. */
  memory?: MemoryReport;
}

export interface BehaviourRow {
  /** The scene's name: the timing scene's hills, or the hills with the lake and cliffs. */
  scene: string;
  trees: number;
  id: string;
  label: string;
  behaviour?: Behaviour;
  skipped?: string;
  /** Contenders whose final feet equal this one's bit for bit. */
  sameAs: string[];
}

export interface Machine {
  cpu: string;
  cores: number;
  node: string;
  date: string;
  versions: Record<string, string>;
  loadAverage: number[];
}

/** Line colours, one per contender id, in legend order. */
export const COLOURS: Record<string, string> = {
  herd: '#1f6fb4',
  herd2: '#6a3d9a',
  herdFar: '#8fb8de',
  wasm: '#2a9d3a',
  reference: '#e08a12',
  rapier: '#c7322b',
  routes: '#17a2a2',
};

const int = (v: number): string => Math.round(v).toLocaleString('en-US');

function sig(v: number, digits = 3): string {
  if (!Number.isFinite(v)) return '–';
  if (v === 0) return '0';
  const p = Math.max(0, digits - 1 - Math.floor(Math.log10(Math.abs(v))));
  return v.toFixed(Math.min(p, 6));
}

function mb(bytes: number): string {
  return (bytes / 2 ** 20).toFixed(1);
}

/** The speed table: one row per scene, N and contender, with the ratio to walker Herd on the same scene and N. */
export function speedTable(rows: readonly SpeedRow[]): string {
  const out = [
    '| trees | N | contender | µs / body-step | body-steps / s | Herd ÷ this | RSS growth, peak (MB) | wasm memory (MB) |',
    '|---:|---:|---|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    const herd = rows.find((h) => h.trees === r.trees && h.n === r.n && h.id === 'herd')?.timing;
    const t = r.timing;
    const ratio = herd && t ? `${sig(herd.bodyStepsPerSecond / t.bodyStepsPerSecond)}×` : '–';
    const rss = r.memory ? mb(r.memory.peakGrowth) : '–';
    const wasm = r.memory && r.memory.wasmBytes > 0 ? mb(r.memory.wasmBytes) : '–';
    if (t === undefined) {
      out.push(`| ${int(r.trees)} | ${int(r.n)} | ${r.label} | skipped: ${r.skipped ?? 'not run'} | | | ${rss} | ${wasm} |`);
      continue;
    }
    out.push(`| ${int(r.trees)} | ${int(r.n)} | ${r.label} | ${sig(t.usPerBodyStep)} | ${int(t.bodyStepsPerSecond)} | ${ratio} | ${rss} | ${wasm} |`);
  }
  return out.join('\n');
}

/** The behaviour table: what the bodies did on the same scene over the same simulated time. */
export function behaviourTable(rows: readonly BehaviourRow[]): string {
  const out = [
    '| scene | trees | contender | reached 1st target | … where a path exists | targets / body | mean speed (m/s) | stuck: all / with signal / without | inside a trunk: end / ever | highest climb above start (m) | feet above ground: min / max (m) | same final feet as |',
    '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const r of rows) {
    const b = r.behaviour;
    if (b === undefined) {
      out.push(`| ${r.scene} | ${int(r.trees)} | ${r.label} | skipped: ${r.skipped ?? 'not run'} | | | | | | | | |`);
      continue;
    }
    const signalled = b.stuckSignalled;
    const stuck = signalled === undefined ? `${b.stuck} / – / –` : `${b.stuck} / ${signalled} / ${b.stuck - signalled}`;
    out.push(
      `| ${r.scene} | ${int(r.trees)} | ${r.label} | ${(100 * b.reachedFirst).toFixed(1)} % | ${(100 * b.reachedWithPath / b.withPath).toFixed(1)} % of ${int(b.withPath)} | ${b.targetsPerBody.toFixed(2)} | ${b.meanSpeed.toFixed(2)} | ${stuck} | ${b.insideAtEnd} / ${b.insideEver} | ${b.maxClimb.toFixed(2)} | ${b.minAboveGround.toFixed(2)} / ${b.maxAboveGround.toFixed(2)} | ${r.sameAs.join(', ') || '–'} |`,
    );
  }
  return out.join('\n');
}

export function machineText(m: Machine): string {
  const versions = Object.entries(m.versions).map(([k, v]) => `${k} ${v}`).join(', ');
  return [
    `- CPU: ${m.cpu}, ${m.cores} logical cores (os.cpus()); load average at start ${m.loadAverage.map((v) => v.toFixed(2)).join(' / ')}`,
    `- Node ${m.node}; ${versions}`,
    `- Date: ${m.date}`,
  ].join('\n');
}

/** A chart line: one contender on one scene. */
export interface Series {
  id: string;
  label: string;
  trees: number;
  points: Array<[number, number]>;
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function tickLabel(v: number): string {
  if (v >= 1e9) return `${v / 1e9}G`;
  if (v >= 1e6) return `${v / 1e6}M`;
  if (v >= 1e3) return `${v / 1e3}k`;
  return String(v);
}

/**
 * The chart: for each tree count a panel of body-steps per second (y, log) against N (x, log), ticks at every decade,
 * a line with dots per contender, and one legend. Hand-written SVG: no dependency, renders anywhere.
 */
export function chartSvg(series: readonly Series[], treeCounts: readonly number[], title: string): string {
  const panelW = 360, panelH = 300, left = 78, top = 56, gap = 70, bottom = 96;
  const width = left + treeCounts.length * panelW + (treeCounts.length - 1) * gap + 24;
  const height = top + panelH + bottom;
  const ns = series.flatMap((s) => s.points.map((p) => p[0]));
  const ys = series.flatMap((s) => s.points.map((p) => p[1]));
  const x0 = Math.floor(Math.log10(Math.min(...ns, 100)));
  const x1 = Math.ceil(Math.log10(Math.max(...ns, 10000)));
  const y0 = Math.floor(Math.log10(Math.min(...ys, 1e4)));
  const y1 = Math.ceil(Math.log10(Math.max(...ys, 1e6)));
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Helvetica, Arial, sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${width / 2}" y="24" text-anchor="middle" font-size="15" font-weight="bold">${esc(title)}</text>`,
  ];
  treeCounts.forEach((trees, k) => {
    const px = left + k * (panelW + gap);
    const sx = (n: number): number => px + ((Math.log10(n) - x0) / (x1 - x0)) * panelW;
    const sy = (v: number): number => top + panelH - ((Math.log10(v) - y0) / (y1 - y0)) * panelH;
    parts.push(`<text x="${px + panelW / 2}" y="${top - 10}" text-anchor="middle" font-size="13">${trees === 0 ? 'no trees' : `${trees.toLocaleString('en-US')} trees`}</text>`);
    parts.push(`<rect x="${px}" y="${top}" width="${panelW}" height="${panelH}" fill="none" stroke="#444"/>`);
    for (let d = y0; d <= y1; d++) {
      const y = sy(10 ** d);
      parts.push(`<line x1="${px}" y1="${y}" x2="${px + panelW}" y2="${y}" stroke="#ddd"/>`);
      for (let m = 2; m < 10 && d < y1; m++) parts.push(`<line x1="${px}" y1="${sy(m * 10 ** d)}" x2="${px + 5}" y2="${sy(m * 10 ** d)}" stroke="#999"/>`);
      parts.push(`<text x="${px - 6}" y="${y + 4}" text-anchor="end">${tickLabel(10 ** d)}</text>`);
    }
    for (let d = x0; d <= x1; d++) {
      const x = sx(10 ** d);
      parts.push(`<line x1="${x}" y1="${top}" x2="${x}" y2="${top + panelH}" stroke="#ddd"/>`);
      for (let m = 2; m < 10 && d < x1; m++) parts.push(`<line x1="${sx(m * 10 ** d)}" y1="${top + panelH}" x2="${sx(m * 10 ** d)}" y2="${top + panelH - 5}" stroke="#999"/>`);
      parts.push(`<text x="${x}" y="${top + panelH + 18}" text-anchor="middle">${tickLabel(10 ** d)}</text>`);
    }
    parts.push(`<text x="${px + panelW / 2}" y="${top + panelH + 38}" text-anchor="middle">bodies N</text>`);
    if (k === 0) parts.push(`<text transform="translate(18 ${top + panelH / 2}) rotate(-90)" text-anchor="middle">body-steps per second</text>`);
    for (const s of series.filter((s) => s.trees === trees && s.points.length > 0)) {
      const colour = COLOURS[s.id] ?? '#333';
      const pts = s.points.map(([n, v]) => `${sx(n).toFixed(1)},${sy(v).toFixed(1)}`);
      parts.push(`<polyline points="${pts.join(' ')}" fill="none" stroke="${colour}" stroke-width="2.5"/>`);
      for (const p of pts) {
        const [cx, cy] = p.split(',');
        parts.push(`<circle cx="${cx}" cy="${cy}" r="4" fill="${colour}"/>`);
      }
    }
  });
  const labels = [...new Map(series.map((s) => [s.id, s.label])).entries()];
  const legendY = top + panelH + 64;
  let lx = left;
  for (const [id, label] of labels) {
    const colour = COLOURS[id] ?? '#333';
    parts.push(`<line x1="${lx}" y1="${legendY}" x2="${lx + 26}" y2="${legendY}" stroke="${colour}" stroke-width="2.5"/>`);
    parts.push(`<circle cx="${lx + 13}" cy="${legendY}" r="4" fill="${colour}"/>`);
    parts.push(`<text x="${lx + 32}" y="${legendY + 4}">${esc(label)}</text>`);
    lx += 40 + label.length * 7;
  }
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}
