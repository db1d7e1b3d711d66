import { Random } from './random.js';
import type { Scene } from './scene.js';
import type { SportProfile } from './sport-profile.js';

const NOISE_SIZE = 1 << 18;
const TEAM_COLOURS: [number, number, number][][] = [
  [
    [200, 30, 40],
    [235, 235, 235],
  ],
  [
    [30, 50, 170],
    [250, 200, 30],
  ],
];

/** Rasterises a Scene into rgb24 frames: stands, field with stripes and lines, players, ball. */
export class FrameDrawer {
  readonly buffer: Buffer;
  private readonly noise: Int8Array;
  private readonly crowd: Uint8Array;
  private readonly colours: [number, number, number][];
  private readonly rng: Random;

  constructor(
    readonly width: number,
    readonly height: number,
    private readonly profile: SportProfile,
    seed: number,
  ) {
    this.buffer = Buffer.alloc(width * height * 3);
    this.rng = new Random(seed ^ 0x5eed);
    this.noise = new Int8Array(NOISE_SIZE);
    for (let i = 0; i < NOISE_SIZE; i++) this.noise[i] = Math.round(this.rng.gaussian() * 1.5);
    this.crowd = new Uint8Array(256 * 64 * 3);
    for (let i = 0; i < this.crowd.length; i++) this.crowd[i] = this.rng.int(30, 230);
    const shirt = (seed % 2) as 0 | 1;
    this.colours = [TEAM_COLOURS[0]![shirt]!, TEAM_COLOURS[1]![shirt]!, [20, 20, 20]];
  }

  /** Draws the scene at time t; `crowdActivity` 0..1 sets how many spectators move. */
  draw(scene: Scene, t: number, crowdActivity: number): Buffer {
    const cam = scene.camera;
    if (cam.crowdShot) {
      this.drawCrowdShot(t, crowdActivity);
    } else {
      this.drawField(scene, t, crowdActivity);
      this.drawPlayers(scene);
    }
    this.addNoise();
    return this.buffer;
  }

  private pxPerMetre(scene: Scene): number {
    const zoom = scene.camera.zoom * (scene.camera.tight ? 0.6 : 1);
    return this.width / (this.profile.viewWidth * zoom);
  }

  private toScreen(scene: Scene, x: number, y: number): [number, number] {
    const s = this.pxPerMetre(scene);
    const cam = scene.camera;
    const offset = cam.tight ? 6 : 0;
    const sx = (x - cam.cx - offset - cam.shakeX) * s + this.width / 2;
    const sy = this.height * 0.6 + (y - this.profile.fieldDepth / 2 - cam.shakeY) * 0.45 * s;
    return [sx, sy];
  }

  private drawField(scene: Scene, t: number, crowdActivity: number): void {
    const { width, height, buffer, profile } = this;
    const s = this.pxPerMetre(scene);
    const [x0, y0] = this.toScreen(scene, 0, 0);
    const [fr, fg, fb] = profile.fieldRgb;
    const margin = profile.sport === 'basketball' || profile.sport === 'volleyball' ? 3 : 4;
    const wxOf = new Float64Array(width);
    for (let x = 0; x < width; x++) wxOf[x] = (x - x0) / s;
    // Lines are 15 cm wide, drawn with coverage so they do not flicker as the camera moves.
    const lineWidthPx = Math.max(1, 0.15 * s);
    const tick = Math.floor(t * 4);
    for (let y = 0; y < height; y++) {
      const wy = (y - y0) / (0.45 * s);
      const row = y * width * 3;
      if (wy < -margin) {
        // Stands: cells of spectators; a share of them change colour each quarter second.
        const standRow = Math.floor((-wy - margin) / 0.9) & 63;
        for (let x = 0; x < width; x++) {
          const cell = Math.floor((wxOf[x]! + 500) / 0.55) & 255;
          const hash = (cell * 73856093) ^ (standRow * 19349663);
          const moving = ((hash >>> 8) & 1023) / 1024 < crowdActivity;
          const shift = moving ? (tick + (hash & 7)) & 3 : 0;
          const idx = ((standRow * 256 + ((cell + shift * 37) & 255)) * 3) | 0;
          const o = row + x * 3;
          const shade = ((y - y0) & 3) === 0 ? 0.6 : 1;
          buffer[o] = this.crowd[idx]! * shade;
          buffer[o + 1] = this.crowd[idx + 1]! * shade;
          buffer[o + 2] = this.crowd[idx + 2]! * shade;
        }
        continue;
      }
      const inDepth = wy >= -0.5 && wy <= profile.fieldDepth + 0.5;
      const rowDistPx = Math.min(Math.abs(wy), Math.abs(wy - profile.fieldDepth)) * 0.45 * s;
      const sideline = coverage(rowDistPx, lineWidthPx);
      for (let x = 0; x < width; x++) {
        const wx = wxOf[x]!;
        const o = row + x * 3;
        const inField = inDepth && wx >= -0.5 && wx <= profile.fieldLength + 0.5;
        let r = fr;
        let g = fg;
        let b = fb;
        if (!inField) {
          r *= 0.75;
          g *= 0.75;
          b *= 0.75;
        } else {
          const stripe = Math.floor(wx / 5) & 1 ? profile.stripeDelta : 0;
          g += stripe;
          r += stripe * 0.5;
          const m = ((wx % profile.lineEvery) + profile.lineEvery) % profile.lineEvery;
          const colDistPx =
            Math.min(m, profile.lineEvery - m, Math.abs(profile.fieldLength - wx)) * s;
          const cover = Math.max(sideline, coverage(colDistPx, lineWidthPx));
          if (cover > 0) {
            r += (235 - r) * cover;
            g += (235 - g) * cover;
            b += (235 - b) * cover;
          }
        }
        buffer[o] = r;
        buffer[o + 1] = g;
        buffer[o + 2] = b;
      }
    }
  }

  private drawCrowdShot(t: number, crowdActivity: number): void {
    const { width, height, buffer } = this;
    const tick = Math.floor(t * 5);
    const cellW = Math.max(4, Math.round(width / 24));
    const cellH = Math.max(4, Math.round(height / 9));
    for (let y = 0; y < height; y++) {
      const standRow = Math.floor(y / cellH) & 63;
      for (let x = 0; x < width; x++) {
        const cell = Math.floor(x / cellW) & 255;
        const hash = (cell * 73856093) ^ (standRow * 19349663);
        const moving = ((hash >>> 8) & 1023) / 1024 < Math.max(0.3, crowdActivity);
        const shift = moving ? (tick + (hash & 7)) & 3 : 0;
        const idx = (standRow * 256 + ((cell + shift * 37) & 255)) * 3;
        const o = (y * width + x) * 3;
        const face = Math.abs((x % cellW) - cellW / 2) < cellW / 4 && y % cellH < cellH / 3;
        buffer[o] = face ? 220 : this.crowd[idx]!;
        buffer[o + 1] = face ? 180 : this.crowd[idx + 1]!;
        buffer[o + 2] = face ? 150 : this.crowd[idx + 2]!;
      }
    }
  }

  private drawPlayers(scene: Scene): void {
    const s = this.pxPerMetre(scene);
    const order = [...scene.players].sort((a, b) => a.y - b.y);
    const ball = scene.ball;
    let ballDrawn = false;
    for (const p of order) {
      if (!ballDrawn && ball.y < p.y) {
        this.drawBall(scene, s);
        ballDrawn = true;
      }
      const [sx, sy] = this.toScreen(scene, p.x, p.y);
      const w = 0.55 * s;
      const h = 1.85 * s;
      const [jr, jg, jb] = this.colours[p.team]!;
      const swing = Math.sin(p.stride * 2.2) * 0.25 * s;
      this.rect(sx - w / 2, sy - h, w, h * 0.15, 225, 180, 140);
      this.rect(sx - w / 2, sy - h * 0.85, w, h * 0.45, jr, jg, jb);
      this.rect(sx - w / 2, sy - h * 0.4, w, h * 0.15, jr * 0.4, jg * 0.4, jb * 0.4);
      this.rect(sx - w / 2 + swing, sy - h * 0.25, w * 0.4, h * 0.25, 60, 45, 35);
      this.rect(sx + w / 2 - w * 0.4 - swing, sy - h * 0.25, w * 0.4, h * 0.25, 60, 45, 35);
    }
    if (!ballDrawn) this.drawBall(scene, s);
  }

  private drawBall(scene: Scene, s: number): void {
    const b = scene.ball;
    const [sx, sy] = this.toScreen(scene, b.x, b.y);
    const r = Math.max(1.5, 0.2 * s);
    const colour: [number, number, number] =
      this.profile.sport === 'basketball'
        ? [230, 110, 30]
        : this.profile.sport === 'football'
          ? [120, 60, 30]
          : [245, 245, 245];
    this.rect(sx - r, sy - b.z * s - r, 2 * r, 2 * r, ...colour);
  }

  private rect(x: number, y: number, w: number, h: number, r: number, g: number, b: number): void {
    const { width, height, buffer } = this;
    const xa = Math.max(0, Math.round(x));
    const xb = Math.min(width, Math.round(x + Math.max(1, w)));
    const ya = Math.max(0, Math.round(y));
    const yb = Math.min(height, Math.round(y + Math.max(1, h)));
    for (let yy = ya; yy < yb; yy++) {
      let o = (yy * width + xa) * 3;
      for (let xx = xa; xx < xb; xx++) {
        buffer[o++] = r;
        buffer[o++] = g;
        buffer[o++] = b;
      }
    }
  }

  private addNoise(): void {
    const buf = this.buffer;
    let n = this.rng.int(0, NOISE_SIZE - 1);
    for (let i = 0; i < buf.length; i++) {
      const v = buf[i]! + this.noise[n]!;
      buf[i] = v < 0 ? 0 : v > 255 ? 255 : v;
      n = n + 1 === NOISE_SIZE ? 0 : n + 1;
    }
  }
}

/** Share of a pixel covered by a line of the given width whose centre is `distPx` away. */
function coverage(distPx: number, widthPx: number): number {
  const c = widthPx / 2 + 0.5 - distPx;
  return c <= 0 ? 0 : c >= 1 ? 1 : c;
}
