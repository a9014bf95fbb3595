/**
 * A third-person camera that follows the player: it looks along `yaw` (walker's convention, (sin yaw, cos yaw)
 * forward), from `distance` behind and `pitch` above. Dragging the mouse orbits it, the wheel zooms, Q/E turn it.
 * The player's stick is read relative to this yaw (H-1), so W always walks away from the camera.
 */
import * as THREE from 'three';
import type { Ground } from './walker.ts';

export class FollowCamera {
  readonly camera: THREE.PerspectiveCamera;
  /** Bearing the camera looks along (yaw 0 looks toward +z). */
  yaw: number;
  /** Angle above the horizon the camera looks down from, in radians. */
  pitch = 0.6;
  /** Distance from the point it looks at, in metres. */
  distance = 14;
  private readonly focus = new THREE.Vector3();
  private readonly wanted = new THREE.Vector3();
  private dragging = false;
  private lastX = 0;
  private lastY = 0;
  private started = false;

  constructor(aspect: number, yaw: number) {
    this.camera = new THREE.PerspectiveCamera(55, aspect, 0.1, 600);
    this.yaw = yaw;
  }

  /** Listens for drag-to-orbit and wheel-to-zoom on `element`. */
  attach(element: HTMLElement): void {
    element.addEventListener('pointerdown', (e) => {
      this.dragging = true;
      this.lastX = e.clientX;
      this.lastY = e.clientY;
      element.setPointerCapture(e.pointerId);
    });
    element.addEventListener('pointerup', (e) => {
      this.dragging = false;
      element.releasePointerCapture(e.pointerId);
    });
    element.addEventListener('pointermove', (e) => {
      if (!this.dragging) return;
      this.yaw -= (e.clientX - this.lastX) * 0.006;
      this.pitch = Math.min(1.35, Math.max(0.08, this.pitch + (e.clientY - this.lastY) * 0.005));
      this.lastX = e.clientX;
      this.lastY = e.clientY;
    });
    element.addEventListener('wheel', (e) => {
      e.preventDefault();
      this.distance = Math.min(40, Math.max(4, this.distance * Math.exp(e.deltaY * 0.001)));
    }, { passive: false });
  }

  /** Turns the camera by `turn` radians (Q/E). */
  turn(turn: number): void {
    this.yaw += turn;
  }

  /**
   * Moves the camera toward its place behind `target` (eased, so a jump does not jerk the view), keeping it above
   * the ground.
   */
  follow(target: THREE.Vector3, ground: Ground, dt: number): void {
    this.focus.lerp(target, this.started ? 1 - Math.exp(-dt * 10) : 1);
    const back = Math.cos(this.pitch) * this.distance;
    this.wanted.set(
      this.focus.x - Math.sin(this.yaw) * back,
      this.focus.y + Math.sin(this.pitch) * this.distance,
      this.focus.z - Math.cos(this.yaw) * back,
    );
    const floor = ground.height(this.wanted.x, this.wanted.z) + 0.6;
    if (this.wanted.y < floor) this.wanted.y = floor;
    this.camera.position.copy(this.wanted);
    // Look a little above the player, so it stands in the lower half of the view with the way ahead above it.
    this.camera.lookAt(this.focus.x, this.focus.y + 1.5, this.focus.z);
    this.started = true;
  }

  resize(aspect: number): void {
    this.camera.aspect = aspect;
    this.camera.updateProjectionMatrix();
  }
}
