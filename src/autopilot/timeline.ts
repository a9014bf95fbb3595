/**
 * The autopilot's SVG timeline (CO-11): speeds, the clip and state bands, and the trailing gap against time, with
 * teleports and failures marked — a hand-written SVG string, so the probe needs no drawing library.
 */
import type { AutopilotFrame, AutopilotReport } from './autopilot.ts';
import type { Clip } from '../companion/clips.ts';
import type { CompanionState } from '../companion/companion.ts';
import {
  FOLLOW_DISTANCE, FOLLOW_MAX_SPEED, FOLLOW_SLOW_RADIUS, IDLE_EPS, MOVE_SPEED, RUN_ENTER, RUN_EXIT, TELEPORT_DISTANCE,
} from '../companion/constants.ts';

const WIDTH = 1400;
const LEFT = 70;
const RIGHT = 130;
const PLOT = WIDTH - LEFT - RIGHT;

const CLIP_COLOURS: Record<Clip, string> = { wait: '#b8b8b8', walk: '#5cb85c', run: '#337ab7', atk1: '#d9534f' };
const STATE_COLOURS: Record<CompanionState, string> = { FOLLOW: '#dfe8f1', ENGAGE: '#f0ad4e', ATTACK: '#d9534f', REGROUP: '#9b59b6' };

/** Escapes text for SVG. */
function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A number for an SVG attribute: two decimals are finer than a pixel. */
function n(v: number): string {
  return (Math.round(v * 100) / 100).toString();
}

/** Contiguous runs of frames with the same key: [key, first t, last t]. */
function runsOf<K extends string>(frames: readonly AutopilotFrame[], key: (f: AutopilotFrame) => K, dt: number): Array<[K, number, number]> {
  const runs: Array<[K, number, number]> = [];
  for (const f of frames) {
    const k = key(f);
    const last = runs[runs.length - 1];
    if (last !== undefined && last[0] === k) last[2] = f.t;
    else runs.push([k, f.t - dt, f.t]);
  }
  return runs;
}

/** The report's timeline as an SVG document: speed panel, clip and state bands, gap panel (CO-11). */
export function autopilotSvg(r: AutopilotReport): string {
  const x = (t: number) => LEFT + (t / r.seconds) * PLOT;
  const out: string[] = [];
  const speedTop = 70;
  const speedHeight = 220;
  const speedMax = 15;
  const clipTop = speedTop + speedHeight + 18;
  const stateTop = clipTop + 26;
  const gapTop = stateTop + 44;
  const gapHeight = 200;
  const gapMax = TELEPORT_DISTANCE + 5;
  const height = gapTop + gapHeight + 50;
  const sy = (v: number) => speedTop + speedHeight - (Math.min(Math.max(v, 0), speedMax) / speedMax) * speedHeight;
  const gy = (v: number) => gapTop + gapHeight - (Math.min(Math.max(v, 0), gapMax) / gapMax) * gapHeight;
  const step = Math.max(1, Math.floor(r.timeline.length / (PLOT * 2)));
  const line = (value: (f: AutopilotFrame) => number, y: (v: number) => number, colour: string, extra = '') => {
    const points: string[] = [];
    for (let i = 0; i < r.timeline.length; i += step) points.push(`${n(x(r.timeline[i].t))},${n(y(value(r.timeline[i])))}`);
    return `<polyline fill="none" stroke="${colour}" stroke-width="1.3" ${extra} points="${points.join(' ')}"/>`;
  };
  // A dashed level with its label at the right; `dy` nudges a label clear of a close neighbour's.
  const guide = (y: number, label: string, colour = '#999', dy = 0) =>
    `<line x1="${LEFT}" x2="${LEFT + PLOT}" y1="${n(y)}" y2="${n(y)}" stroke="${colour}" stroke-dasharray="4 3" stroke-width="0.8"/>` +
    `<text x="${LEFT + PLOT + 4}" y="${n(y + 4 + dy)}" font-size="10" fill="${colour}">${esc(label)}</text>`;

  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif">`);
  out.push(`<rect width="${WIDTH}" height="${height}" fill="#fff"/>`);
  out.push(`<text x="${LEFT}" y="22" font-size="15" font-weight="bold">walker autopilot (CO-11) — seed ${r.seed}, ${r.seconds.toFixed(1)} s — ${r.pass ? 'PASS' : 'FAIL'}</text>`);
  out.push(`<text x="${LEFT}" y="40" font-size="11" fill="#444">${esc(`clip switches ${r.clipSwitches} (${r.switchesPerSecond.toFixed(2)}/s), teleports ${r.teleports}, settled gap ${r.settledGap.toFixed(2)} m ≤ ${r.settledBound.toFixed(2)} m, tripwire FAILs ${r.tripwire.length}, violations ${r.violations.length}`)}</text>`);

  // Phases of the player's script.
  r.phases.forEach((p, i) => {
    out.push(`<rect x="${n(x(p.start))}" y="48" width="${n(x(p.end) - x(p.start))}" height="14" fill="${i % 2 ? '#f4f4f4' : '#e8e8e8'}"/>`);
    out.push(`<text x="${n(x(p.start) + 2)}" y="59" font-size="9" fill="#333">${esc(p.name)}</text>`);
  });

  // Speeds.
  out.push(`<text x="8" y="${speedTop + 10}" font-size="11">speed m/s</text>`);
  out.push(`<rect x="${LEFT}" y="${speedTop}" width="${PLOT}" height="${speedHeight}" fill="none" stroke="#ccc"/>`);
  out.push(guide(sy(IDLE_EPS), `IDLE_EPS ${IDLE_EPS}`));
  out.push(guide(sy(RUN_EXIT), `RUN_EXIT ${RUN_EXIT}`));
  out.push(guide(sy(RUN_ENTER), `RUN_ENTER ${RUN_ENTER}`));
  out.push(guide(sy(MOVE_SPEED), `MOVE_SPEED ${MOVE_SPEED}`, '#999', 4));
  out.push(guide(sy(FOLLOW_MAX_SPEED), `cap ${FOLLOW_MAX_SPEED}`, '#999', -4));
  out.push(line((f) => f.playerSpeed, sy, '#bbb'));
  out.push(line((f) => f.measured, sy, '#337ab7'));
  out.push(line((f) => f.commanded, sy, '#f0ad4e', 'stroke-dasharray="3 2"'));
  out.push(`<text x="${LEFT + 6}" y="${speedTop + 14}" font-size="10"><tspan fill="#337ab7">— measured</tspan>  <tspan fill="#f0ad4e">- - commanded</tspan>  <tspan fill="#999">— player</tspan></text>`);

  // Clip and state bands.
  out.push(`<text x="8" y="${clipTop + 12}" font-size="11">clip</text>`);
  for (const [clip, t0, t1] of runsOf(r.timeline, (f) => f.clip, r.dt)) {
    out.push(`<rect x="${n(x(t0))}" y="${clipTop}" width="${n(Math.max(0.5, x(t1) - x(t0)))}" height="18" fill="${CLIP_COLOURS[clip]}"><title>${clip} ${t0.toFixed(2)}–${t1.toFixed(2)} s</title></rect>`);
  }
  out.push(`<text x="8" y="${stateTop + 12}" font-size="11">state</text>`);
  for (const [state, t0, t1] of runsOf(r.timeline, (f) => f.state, r.dt)) {
    out.push(`<rect x="${n(x(t0))}" y="${stateTop}" width="${n(Math.max(0.5, x(t1) - x(t0)))}" height="18" fill="${STATE_COLOURS[state]}"><title>${state} ${t0.toFixed(2)}–${t1.toFixed(2)} s</title></rect>`);
  }
  let lx = LEFT + PLOT + 4;
  let ly = clipTop + 2;
  for (const clip of Object.keys(CLIP_COLOURS) as Clip[]) {
    out.push(`<rect x="${lx}" y="${ly}" width="8" height="8" fill="${CLIP_COLOURS[clip]}"/><text x="${lx + 11}" y="${ly + 8}" font-size="9">${clip}</text>`);
    lx += clip === 'walk' ? -60 : 60;
    if (clip === 'walk') ly += 11;
  }
  lx = LEFT + PLOT + 4;
  ly = stateTop + 2;
  (Object.keys(STATE_COLOURS) as CompanionState[]).forEach((state, i) => {
    const cx = lx + (i % 2) * 62;
    const cy = ly + Math.floor(i / 2) * 11;
    out.push(`<rect x="${cx}" y="${cy}" width="8" height="8" fill="${STATE_COLOURS[state]}"/><text x="${cx + 11}" y="${cy + 8}" font-size="9">${state}</text>`);
  });

  // Trailing gap.
  out.push(`<text x="8" y="${gapTop + 10}" font-size="11">gap m</text>`);
  out.push(`<rect x="${LEFT}" y="${gapTop}" width="${PLOT}" height="${gapHeight}" fill="none" stroke="#ccc"/>`);
  out.push(guide(gy(FOLLOW_DISTANCE), `ring ${FOLLOW_DISTANCE}`, '#999', 5));
  out.push(guide(gy(FOLLOW_DISTANCE + FOLLOW_SLOW_RADIUS), `ring+ramp ${FOLLOW_DISTANCE + FOLLOW_SLOW_RADIUS}`, '#999', 3));
  out.push(guide(gy(r.settledBound), `bound ${r.settledBound}`, '#d9534f', -5));
  out.push(guide(gy(TELEPORT_DISTANCE), `teleport ${TELEPORT_DISTANCE}`, '#9b59b6'));
  out.push(line((f) => f.gap, gy, '#333'));

  // Teleports and failures, across every panel.
  for (const f of r.timeline) {
    if (f.teleported) out.push(`<line x1="${n(x(f.t))}" x2="${n(x(f.t))}" y1="${speedTop}" y2="${gapTop + gapHeight}" stroke="#9b59b6" stroke-width="1.5"><title>teleport at ${f.t.toFixed(2)} s</title></line>`);
    if (f.failed) out.push(`<line x1="${n(x(f.t))}" x2="${n(x(f.t))}" y1="${clipTop - 6}" y2="${stateTop + 24}" stroke="#e00" stroke-width="2"><title>FAIL at ${f.t.toFixed(2)} s</title></line>`);
  }

  // Time axis.
  const axis = gapTop + gapHeight;
  for (let t = 0; t <= r.seconds + 1e-9; t += 10) {
    out.push(`<line x1="${n(x(t))}" x2="${n(x(t))}" y1="${axis}" y2="${axis + 5}" stroke="#666"/><text x="${n(x(t) - 6)}" y="${axis + 17}" font-size="10">${t} s</text>`);
  }
  out.push('</svg>');
  return out.join('\n');
}
