/**
 * The HUD: how many bodies, how long a herd step takes, the frame rate, the companion's state and clip, and the
 * slider that sets the crowd's size. Step time is shown as text (the browser test reads it).
 */
import { MAX_BODIES } from './crowd.ts';

/** The numbers the HUD shows each refresh. */
export interface HudFigures {
  core: string;
  bodies: number;
  stepMs: number;
  fps: number;
  state: string;
  clip: string;
  clipColour: string;
  gap: number;
}

export class Hud {
  private readonly values = new Map<string, HTMLElement>();
  private readonly slider: HTMLInputElement;
  private readonly sliderText: HTMLElement;

  /** Builds the HUD in `root`; `onBodies` is called with the slider's value when it is let go. */
  constructor(root: HTMLElement, initialBodies: number, onBodies: (n: number) => void) {
    root.innerHTML = '';
    const title = document.createElement('h1');
    title.textContent = 'walker';
    root.append(title);
    for (const [key, name] of [
      ['core', 'core'],
      ['bodies', 'bodies'],
      ['step', 'herd step'],
      ['fps', 'fps'],
      ['state', 'companion'],
      ['clip', 'clip'],
      ['gap', 'gap to player'],
    ]) {
      const row = document.createElement('div');
      row.className = 'row';
      const label = document.createElement('span');
      label.textContent = name;
      const value = document.createElement('span');
      value.id = `hud-${key}`;
      row.append(label, value);
      root.append(row);
      this.values.set(key, value);
    }
    const label = document.createElement('label');
    this.sliderText = document.createElement('span');
    this.slider = document.createElement('input');
    this.slider.type = 'range';
    this.slider.id = 'hud-bodies-slider';
    this.slider.min = '100';
    this.slider.max = String(MAX_BODIES);
    this.slider.step = '100';
    this.slider.value = String(initialBodies);
    this.sliderText.textContent = `crowd: ${initialBodies}`;
    this.slider.addEventListener('input', () => {
      this.sliderText.textContent = `crowd: ${this.slider.value}`;
    });
    this.slider.addEventListener('change', () => onBodies(Number(this.slider.value)));
    // Keys pressed while the slider has focus still drive the player.
    this.slider.addEventListener('keydown', (e) => e.preventDefault());
    label.append(this.sliderText, this.slider);
    root.append(label);
  }

  update(f: HudFigures): void {
    this.set('core', f.core);
    this.set('bodies', f.bodies.toLocaleString('en-US'));
    this.set('step', `${f.stepMs.toFixed(2)} ms`);
    this.set('fps', f.fps < 10 ? f.fps.toFixed(1) : f.fps.toFixed(0));
    this.set('state', f.state);
    this.set('gap', `${f.gap.toFixed(1)} m`);
    const clip = this.values.get('clip')!;
    if (clip.textContent !== f.clip) {
      clip.textContent = f.clip;
      clip.className = 'clip';
      clip.style.background = f.clipColour;
    }
  }

  private set(key: string, text: string): void {
    const el = this.values.get(key)!;
    if (el.textContent !== text) el.textContent = text;
  }
}
