/**
 * The companion and the enemies it fights (SPEC section 12): a Companion controller on its own row, a camp of
 * enemies that patrol near where they stand and fall when hit, and their figures — the companion's body coloured
 * by the clip it plays, with a label over its head.
 */
import * as THREE from 'three';
import { ATTACK_TIME, Companion, numbers, route, seek, stand, walk } from './walker.ts';
import type { Clip, Ground, Row, World } from './walker.ts';
import { Figure, Label } from './figure.ts';
import { mulberry } from './terrain.ts';

/** The companion's body colour for each clip. */
export const CLIP_COLOURS: Record<Clip, string> = {
  wait: '#5b7fa6',
  walk: '#3fae5a',
  run: '#f08a24',
  atk1: '#d8343f',
};

/** The same colours as numbers, for the materials. */
const CLIP_HEX: Record<Clip, number> = {
  wait: new THREE.Color(CLIP_COLOURS.wait).getHex(),
  walk: new THREE.Color(CLIP_COLOURS.walk).getHex(),
  run: new THREE.Color(CLIP_COLOURS.run).getHex(),
  atk1: new THREE.Color(CLIP_COLOURS.atk1).getHex(),
};

/** Blows an enemy takes before it falls. */
const ENEMY_HP = 3;

/** Seconds a fallen enemy lies down before it stands up again in its camp. */
const RESPAWN_TIME = 6;

/** How far from its camp's centre an enemy patrols, in metres. */
const PATROL = 5;

/** One enemy: its row (with `hp`), its patrol target, its figure. */
interface Enemy {
  row: Row;
  target: number[];
  figure: Figure;
  downFor: number;
  flash: number;
}

/** What the party is built from. */
export interface PartyOptions {
  world: World;
  ground: Ground;
  /** Where the companion starts, [x, z]. */
  start: readonly number[];
  /** The centre of the enemy camp, [x, z]. */
  camp: readonly number[];
  enemies: number;
  companionKind: string;
  enemyKind: string;
  /** Receives tripwire failures (CO-9), which should never happen. */
  onFail: (message: string) => void;
}

/** The companion and its enemies, stepped after the player each frame. */
export class Party {
  readonly companion: Companion;
  readonly figure: Figure;
  readonly label = new Label();
  readonly group = new THREE.Group();
  readonly enemies: Enemy[] = [];
  private readonly world: World;
  private readonly ground: Ground;
  private readonly camp: readonly number[];
  private readonly random = mulberry(23);
  private readonly top = new THREE.Vector3();

  constructor(options: PartyOptions) {
    this.world = options.world;
    this.ground = options.ground;
    this.camp = options.camp;
    const body = numbers({ kind: options.companionKind }, options.world);
    const [sx, sz] = options.start;
    const sy = stand(body, options.ground, sx, sz);
    const row: Row = { kind: options.companionKind, pos: [sx, sy, sz], floor: sy };
    this.companion = new Companion({ walk, seek, stand, numbers, route }, {
      row,
      world: options.world,
      ground: options.ground,
      id: 'companion',
      tripwire: options.onFail,
      onHit: (enemy) => this.hit(enemy),
    });
    this.figure = new Figure({ radius: body.radius, height: body.height, colour: 0x5b7fa6, head: 0xe9c29b, ring: 0x5b7fa6 });
    this.group.add(this.figure.root, this.label.sprite);

    const grunt = numbers({ kind: options.enemyKind }, options.world);
    for (let k = 0; k < options.enemies; k++) {
      const a = (k / options.enemies) * Math.PI * 2;
      const x = this.camp[0] + Math.sin(a) * 2.5;
      const z = this.camp[1] + Math.cos(a) * 2.5;
      const y = stand(grunt, options.ground, x, z);
      const enemy: Enemy = {
        row: { kind: options.enemyKind, pos: [x, y, z], floor: y, hp: ENEMY_HP, yaw: a },
        target: [x, z],
        figure: new Figure({ radius: grunt.radius, height: grunt.height, colour: 0x6a2c7d, head: 0x9bbf6a, ring: 0xb0202a }),
        downFor: 0,
        flash: 0,
      };
      this.enemies.push(enemy);
      this.group.add(enemy.figure.root);
    }
  }

  /** The rows the companion may fight. */
  get enemyRows(): Row[] {
    return this.enemies.map((e) => e.row);
  }

  /** One frame: the enemies patrol (or lie down), then the companion steps against the player (CO-3..CO-10). */
  step(dt: number, player: Row): void {
    for (const enemy of this.enemies) this.stepEnemy(enemy, dt);
    this.companion.step(dt, player, this.enemyRows);
  }

  /** Applies a blow to an enemy row (the companion's or the player's). */
  hit(enemyRow: Row): void {
    const enemy = this.enemies.find((e) => e.row === enemyRow);
    if (enemy === undefined || typeof enemy.row.hp !== 'number' || enemy.row.hp <= 0) return;
    enemy.row.hp -= 1;
    enemy.flash = 0.15;
    if (enemy.row.hp <= 0) enemy.downFor = RESPAWN_TIME;
  }

  /** Moves the figures to their rows and animates them; the companion shows its clip by colour and label. */
  draw(dt: number): void {
    const c = this.companion;
    const colour = CLIP_COLOURS[c.clip];
    const hex = CLIP_HEX[c.clip];
    this.figure.setColour(hex);
    this.figure.setRingColour(hex);
    const swing = c.state === 'ATTACK' ? Math.min(1, c.swing / ATTACK_TIME) : 0;
    this.figure.update(c.row, dt, c.clip === 'wait' ? 0 : c.measured, swing);
    this.label.set(`${c.clip} · ${c.state.toLowerCase()}`, colour);
    this.label.sprite.position.copy(this.figure.top(this.top));
    for (const enemy of this.enemies) {
      enemy.figure.setColour(enemy.flash > 0 ? 0xffffff : 0x6a2c7d);
      enemy.figure.update(enemy.row, dt, enemy.row.speed ?? 0, 0, enemy.downFor > 0);
    }
  }

  private stepEnemy(enemy: Enemy, dt: number): void {
    enemy.flash = Math.max(0, enemy.flash - dt);
    const row = enemy.row;
    if (enemy.downFor > 0) {
      enemy.downFor -= dt;
      row.want = [0, 0];
      row.vel = [0, row.vel?.[1] ?? 0, 0];
      walk(row, this.world, dt, this.ground);
      if (enemy.downFor <= 0) row.hp = ENEMY_HP;
      return;
    }
    if (seek(row, this.world, enemy.target, 0.8, this.ground)) {
      const a = this.random() * Math.PI * 2;
      const r = this.random() * PATROL;
      enemy.target = [this.camp[0] + Math.sin(a) * r, this.camp[1] + Math.cos(a) * r];
    }
    walk(row, this.world, dt, this.ground);
  }
}
