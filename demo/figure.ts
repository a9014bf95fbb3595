/**
 * A figure built from primitives for one walker row: a capsule body of the kind's radius and height, a head, a nose
 * that shows the yaw, and an arm that swings. No model download: the clip shows as colour, bob, lean and swing.
 */
import * as THREE from 'three';
import type { Row } from './walker.ts';

/** What a figure is built from. */
export interface FigureOptions {
  radius: number;
  height: number;
  colour: number;
  /** Colour of the head; default a skin tone. */
  head?: number;
  /** Colour of a ring drawn on the ground round the feet, so the figure stands out in a crowd; none if absent. */
  ring?: number;
}

/** A drawn row: `update` places it at the row's feet, turned to its yaw, and animates its gait. */
export class Figure {
  readonly root = new THREE.Group();
  readonly body: THREE.Mesh<THREE.CapsuleGeometry, THREE.MeshLambertMaterial>;
  private readonly pivot = new THREE.Group();
  private readonly arm: THREE.Mesh;
  private readonly ring: THREE.Mesh<THREE.RingGeometry, THREE.MeshBasicMaterial> | null = null;
  private readonly height: number;
  private phase = 0;

  constructor(options: FigureOptions) {
    const r = options.radius;
    const h = options.height;
    this.height = h;
    const bodyLength = Math.max(0.1, h * 0.72 - 2 * r);
    this.body = new THREE.Mesh(
      new THREE.CapsuleGeometry(r, bodyLength, 3, 10),
      new THREE.MeshLambertMaterial({ color: options.colour }),
    );
    this.body.position.y = r + bodyLength / 2;
    const head = new THREE.Mesh(
      new THREE.SphereGeometry(r * 0.62, 12, 8),
      new THREE.MeshLambertMaterial({ color: options.head ?? 0xf1c9a5 }),
    );
    head.position.y = h - r * 0.62;
    const nose = new THREE.Mesh(new THREE.BoxGeometry(r * 0.35, r * 0.25, r * 0.5), new THREE.MeshLambertMaterial({ color: 0x333333 }));
    nose.position.set(0, h - r * 0.62, r * 0.6);
    this.arm = new THREE.Mesh(new THREE.BoxGeometry(0.12, 0.12, 0.9), new THREE.MeshLambertMaterial({ color: 0xd8d8d8 }));
    this.arm.position.set(0, 0, 0.45);
    this.pivot.position.set(r * 0.95, h * 0.62, 0);
    this.pivot.add(this.arm);
    this.pivot.rotation.x = 1.2;
    for (const part of [this.body, head, nose, this.arm]) {
      part.castShadow = true;
      part.receiveShadow = true;
    }
    const lean = new THREE.Group();
    lean.add(this.body, head, nose, this.pivot);
    this.root.add(lean);
    if (options.ring !== undefined) {
      const ring = new THREE.Mesh(
        new THREE.RingGeometry(r * 1.5, r * 1.9, 32).rotateX(-Math.PI / 2),
        new THREE.MeshBasicMaterial({ color: options.ring, transparent: true, opacity: 0.85, depthWrite: false }),
      );
      ring.position.y = 0.06;
      ring.renderOrder = 2;
      this.ring = ring;
      this.root.add(ring);
    }
  }

  /** The figure's colour (the companion's shows its clip). */
  setColour(colour: number): void {
    this.body.material.color.setHex(colour);
  }

  /** The colour of the ring round the feet, if the figure has one. */
  setRingColour(colour: number): void {
    this.ring?.material.color.setHex(colour);
  }

  /**
   * Places the figure on the row and animates it: `speed` (m/s) drives the bob and lean, `swing` in [0, 1] the arm
   * (0 at rest, rising through a strike), `down` lays it on the ground.
   */
  update(row: Row, dt: number, speed: number, swing = 0, down = false): void {
    this.root.position.set(row.pos[0], row.pos[1], row.pos[2]);
    this.root.rotation.set(0, row.yaw ?? 0, 0);
    const lean = this.root.children[0];
    if (down) {
      lean.rotation.set(-Math.PI / 2, 0, 0);
      lean.position.set(0, 0.35, 0);
      return;
    }
    this.phase += dt * (2 + speed * 2.2);
    const bob = speed > 0.1 ? Math.abs(Math.sin(this.phase)) * Math.min(0.12, speed * 0.02) : 0;
    lean.position.set(0, bob, 0);
    lean.rotation.set(Math.min(0.25, speed * 0.035), 0, 0);
    this.pivot.rotation.x = swing > 0 ? 1.2 - Math.sin(swing * Math.PI) * 2.6 : 1.2 + Math.sin(this.phase) * Math.min(0.5, speed * 0.08);
  }

  /** The point above the head where a label goes. */
  top(out: THREE.Vector3): THREE.Vector3 {
    return out.copy(this.root.position).setY(this.root.position.y + this.height + 0.55);
  }
}

/** A text sprite that faces the camera: the companion's state and clip over its head. */
export class Label {
  readonly sprite: THREE.Sprite;
  private readonly canvas = document.createElement('canvas');
  private readonly texture: THREE.CanvasTexture;
  private text = '';

  constructor() {
    this.canvas.width = 256;
    this.canvas.height = 64;
    this.texture = new THREE.CanvasTexture(this.canvas);
    this.texture.colorSpace = THREE.SRGBColorSpace;
    this.sprite = new THREE.Sprite(new THREE.SpriteMaterial({ map: this.texture, depthTest: false, transparent: true }));
    this.sprite.scale.set(2.4, 0.6, 1);
    this.sprite.renderOrder = 10;
  }

  /** Redraws the label when its text or colour changed. */
  set(text: string, colour: string): void {
    const key = `${text}|${colour}`;
    if (key === this.text) return;
    this.text = key;
    const g = this.canvas.getContext('2d');
    if (g === null) return;
    g.clearRect(0, 0, 256, 64);
    g.fillStyle = 'rgba(20, 28, 36, 0.72)';
    g.beginPath();
    g.roundRect(4, 8, 248, 48, 14);
    g.fill();
    g.fillStyle = colour;
    g.beginPath();
    g.arc(32, 32, 10, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = '#ffffff';
    g.font = '600 26px system-ui, sans-serif';
    g.textBaseline = 'middle';
    g.fillText(text, 52, 33);
    this.texture.needsUpdate = true;
  }
}
