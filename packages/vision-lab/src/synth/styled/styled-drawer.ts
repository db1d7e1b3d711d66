import { Random } from '../random.js';
import { FIGURE_PHASES, levelFor, type FigureSet } from './figure-sprites.js';
import type { FilmLook } from './film-style.js';
import type { CameraState, Person, StyledScene } from './styled-scene.js';

type Rgb = [number, number, number];

interface View {
  /** Camera basis: forward, right, up. */
  f: [number, number, number];
  r: [number, number, number];
  u: [number, number, number];
  cx: number;
  cy: number;
  cz: number;
  focalPx: number;
  cosRoll: number;
  sinRoll: number;
}

const NOISE_SIZE = 1 << 16;

/**
 * Renders a StyledScene through a pinhole camera: a textured ground plane with the game's markings,
 * stands or walls around it, players as articulated figures, a ball, a net, light and sensor noise.
 */
export class StyledDrawer {
  readonly buffer: Buffer;
  private readonly rng: Random;
  private readonly noise: Int8Array;
  private readonly crowd: Uint8Array;
  private readonly margin: number;
  private readonly standHeight: number;
  private readonly wallRgb: Rgb;
  private exposure = 1;
  private readonly vignetteColumns: Float32Array;

  constructor(
    readonly width: number,
    readonly height: number,
    private readonly look: FilmLook,
    private readonly scene: StyledScene,
    seed: number,
    /** Athlete figures to draw people with (a person detector sees them); block figures without. */
    private readonly figures?: FigureSet,
  ) {
    this.buffer = Buffer.alloc(width * height * 3);
    this.rng = new Random(seed ^ 0x51ed);
    this.noise = new Int8Array(NOISE_SIZE);
    for (let i = 0; i < NOISE_SIZE; i++)
      this.noise[i] = Math.max(-127, Math.min(127, Math.round(this.rng.gaussian() * 40)));
    this.crowd = new Uint8Array(256 * 64 * 3);
    const dark = look.night && !look.indoor ? 0.5 : 1;
    for (let i = 0; i < this.crowd.length; i++) this.crowd[i] = this.rng.int(25, 220) * dark;
    this.vignetteColumns = new Float32Array(width);
    for (let x = 0; x < width; x++) {
      const vx = (x / width - 0.5) * 2;
      this.vignetteColumns[x] = 0.18 * vx * vx;
    }
    this.margin = look.indoor ? this.rng.between(2, 5) : this.rng.between(5, 14);
    this.standHeight = this.rng.between(4, 16);
    this.wallRgb = look.indoor
      ? ([this.rng.int(150, 235), this.rng.int(140, 225), this.rng.int(120, 210)] as Rgb)
      : look.night
        ? [8, 10, 18]
        : [this.rng.int(120, 170), this.rng.int(160, 200), this.rng.int(200, 240)];
  }

  draw(t: number, crowdActivity: number): Buffer {
    const view = this.view(this.scene.shown.camera);
    this.drawBackground(view, t, crowdActivity);
    this.drawNet(view);
    const order = [...this.scene.shown.people].sort(
      (a, b) => this.depthOf(view, b) - this.depthOf(view, a),
    );
    for (const p of order) this.drawPerson(view, p);
    this.drawBall(view);
    if (this.look.scoreboard) this.drawScoreboard(t);
    const wipe = this.scene.wipe(t);
    if (wipe !== null) this.drawWipe(wipe);
    this.finish(t);
    return this.buffer;
  }

  private view(c: CameraState): View {
    const cp = Math.cos(c.pitch);
    const f: [number, number, number] = [
      cp * Math.cos(c.yaw),
      cp * Math.sin(c.yaw),
      -Math.sin(c.pitch),
    ];
    const r: [number, number, number] = [Math.sin(c.yaw), -Math.cos(c.yaw), 0];
    const u: [number, number, number] = [
      r[1] * f[2] - r[2] * f[1],
      r[2] * f[0] - r[0] * f[2],
      r[0] * f[1] - r[1] * f[0],
    ];
    return {
      f,
      r,
      u,
      cx: c.x,
      cy: c.y,
      cz: c.z,
      focalPx: c.focal * this.width,
      cosRoll: Math.cos(c.roll),
      sinRoll: Math.sin(c.roll),
    };
  }

  private depthOf(v: View, p: Person): number {
    return (p.x - v.cx) * v.f[0] + (p.y - v.cy) * v.f[1] + (0 - v.cz) * v.f[2];
  }

  /** Screen position of a world point, or null behind the camera. */
  private project(v: View, x: number, y: number, z: number): [number, number, number] | null {
    const dx = x - v.cx;
    const dy = y - v.cy;
    const dz = z - v.cz;
    const depth = dx * v.f[0] + dy * v.f[1] + dz * v.f[2];
    if (depth < 0.5) return null;
    const xr = (dx * v.r[0] + dy * v.r[1] + dz * v.r[2]) / depth;
    const yr = (dx * v.u[0] + dy * v.u[1] + dz * v.u[2]) / depth;
    const px = xr * v.cosRoll - yr * v.sinRoll;
    const py = xr * v.sinRoll + yr * v.cosRoll;
    return [this.width / 2 + px * v.focalPx, this.height / 2 - py * v.focalPx, depth];
  }

  private drawBackground(v: View, t: number, crowdActivity: number): void {
    const { width, height, buffer, look, margin } = this;
    const game = this.scene.game;
    const L = game.length;
    const D = game.depth;
    const [sr, sg, sb] = look.surfaceRgb;
    const lineHalf = look.game === 'football' || look.game === 'soccer' ? 0.06 : 0.025;
    const tick = Math.floor(t * 4);
    const away = this.scene.shown.camera.away;
    for (let y = 0; y < height; y++) {
      const ny = (height / 2 - y) / v.focalPx;
      for (let x = 0; x < width; x++) {
        const nx0 = (x - width / 2) / v.focalPx;
        // Undo the roll, then build the ray.
        const nx = nx0 * v.cosRoll + ny * v.sinRoll;
        const nyr = -nx0 * v.sinRoll + ny * v.cosRoll;
        const dx = v.f[0] + nx * v.r[0] + nyr * v.u[0];
        const dy = v.f[1] + nx * v.r[1] + nyr * v.u[1];
        const dz = v.f[2] + nx * v.r[2] + nyr * v.u[2];
        const o = (y * width + x) * 3;
        let r = 0;
        let g = 0;
        let b = 0;
        const tGround = dz < -1e-4 ? -v.cz / dz : Infinity;
        const gx = v.cx + dx * tGround;
        const gy = v.cy + dy * tGround;
        if (
          Number.isFinite(tGround) &&
          gx > -margin &&
          gx < L + margin &&
          gy > -margin &&
          gy < D + margin &&
          !away
        ) {
          // Ground: base colour, mowing stripes, fine texture, markings.
          const foot = tGround / v.focalPx / Math.max(0.15, -dz);
          let k = 1;
          const inField = gx >= 0 && gx <= L && gy >= 0 && gy <= D;
          if (look.stripes > 0 && inField) k += (Math.floor(gx / 5) & 1 ? look.stripes : 0) / 120;
          if (!inField) k *= look.indoor ? 0.8 : 0.88;
          const cell =
            ((Math.floor(gx * 4) * 73856093) ^ (Math.floor(gy * 4) * 19349663)) & (NOISE_SIZE - 1);
          const grain =
            look.surface === 'hardwood'
              ? ((Math.floor(gy * 6) * 2654435761) >>> 24) / 255 - 0.5
              : 0;
          const tex = 1 + (this.noise[cell]! / 127) * 0.05 + grain * 0.12;
          r = sr * k * tex;
          g = sg * k * tex;
          b = sb * k * tex;
          if (look.logo && Math.hypot(gx - L / 2, gy - D / 2) < Math.min(D * 0.18, 6)) {
            r = r * 0.5 + look.kits[0][0] * 0.5;
            g = g * 0.5 + look.kits[0][1] * 0.5;
            b = b * 0.5 + look.kits[0][2] * 0.5;
          }
          const d = this.lineDistance(gx, gy);
          const cover =
            Math.max(0, Math.min(1, (lineHalf + foot / 2 - d) / foot)) *
            Math.min(1, (2 * lineHalf) / foot + 0.3);
          if (cover > 0) {
            r += (look.lineRgb[0] - r) * cover;
            g += (look.lineRgb[1] - g) * cover;
            b += (look.lineRgb[2] - b) * cover;
          }
          if (look.night && !look.indoor) {
            const fall = Math.hypot((gx - L / 2) / L, (gy - D / 2) / D);
            const lit = Math.max(0.35, 1.1 - fall * 0.9);
            r *= lit;
            g *= lit;
            b *= lit;
          }
        } else {
          // Stands or walls around the field, sky or roof above them.
          const wall = this.wallHit(v, dx, dy, dz, L, D);
          if (wall && wall.z < this.standHeight && wall.z > -1) {
            const row = Math.floor(wall.z / 0.8) & 63;
            const cellId = Math.floor((wall.u + 500) / 0.55) & 255;
            const hash = (cellId * 73856093) ^ (row * 19349663);
            const moving = ((hash >>> 8) & 1023) / 1024 < crowdActivity;
            const shift = moving ? (tick + (hash & 7)) & 3 : 0;
            const idx = (row * 256 + ((cellId + shift * 37) & 255)) * 3;
            const shade = (Math.floor((wall.z / 0.8) * 4) & 3) === 0 ? 0.6 : 1;
            r = this.crowd[idx]! * shade;
            g = this.crowd[idx + 1]! * shade;
            b = this.crowd[idx + 2]! * shade;
          } else {
            const up = Math.max(0, Math.min(1, dz + 0.3));
            r = this.wallRgb[0] * (1 - up * 0.3);
            g = this.wallRgb[1] * (1 - up * 0.3);
            b = this.wallRgb[2] * (1 - up * 0.2);
            if (look.night || look.indoor) {
              // Floodlights or ceiling lights: bright spots high up.
              const lamp =
                (Math.floor((Math.atan2(dy, dx) + 4) * 9) & 7) === 0 && dz > 0.05 && dz < 0.12;
              if (lamp) r = g = b = 250;
            }
          }
        }
        buffer[o] = r;
        buffer[o + 1] = g;
        buffer[o + 2] = b;
      }
    }
  }

  /** Where a ray meets the box of walls around the ground (u along the wall, z up), if it does. */
  private wallHit(
    v: View,
    dx: number,
    dy: number,
    dz: number,
    L: number,
    D: number,
  ): { u: number; z: number } | null {
    const m = this.margin;
    let best = Infinity;
    let u = 0;
    const planes: [number, number, 'x' | 'y'][] = [
      [-m, dx, 'x'],
      [L + m, dx, 'x'],
      [-m, dy, 'y'],
      [D + m, dy, 'y'],
    ];
    for (const [pos, dir, axis] of planes) {
      if (Math.abs(dir) < 1e-6) continue;
      const origin = axis === 'x' ? v.cx : v.cy;
      const tt = (pos - origin) / dir;
      if (tt <= 0.1 || tt >= best) continue;
      const along = axis === 'x' ? v.cy + dy * tt : v.cx + dx * tt;
      best = tt;
      u = along + (axis === 'x' ? 1000 : 0);
    }
    if (!Number.isFinite(best)) return null;
    return { u, z: v.cz + dz * best };
  }

  /** Distance (m) from a ground point to the nearest marking of the game. */
  private lineDistance(x: number, y: number): number {
    const { length: L, depth: D, lines } = this.scene.game;
    if (lines === 'none' && this.look.game === 'none') return 99;
    let d = boxDistance(x, y, 0, 0, L, D);
    switch (lines) {
      case 'football': {
        if (x > 10 && x < L - 10 && y > 0 && y < D) {
          const m = (x - 10) % 4.572;
          d = Math.min(d, m, 4.572 - m);
        }
        break;
      }
      case 'soccer': {
        const cx = x - L / 2;
        const cy = y - D / 2;
        d = Math.min(d, Math.abs(cx), Math.abs(Math.sqrt(cx * cx + cy * cy) - 9.15));
        if (x < 20) d = Math.min(d, boxDistance(x, y, 0, D / 2 - 20.15, 16.5, D / 2 + 20.15));
        if (x > L - 20)
          d = Math.min(d, boxDistance(x, y, L - 16.5, D / 2 - 20.15, L, D / 2 + 20.15));
        break;
      }
      case 'basketball': {
        const cx = x - L / 2;
        const cy = y - D / 2;
        d = Math.min(d, Math.abs(cx), Math.abs(Math.sqrt(cx * cx + cy * cy) - 1.8));
        if (x < 8) {
          d = Math.min(d, boxDistance(x, y, 0, D / 2 - 2.45, 5.8, D / 2 + 2.45));
          d = Math.min(d, Math.abs(Math.sqrt((x - 1.6) ** 2 + cy * cy) - 6.75));
        }
        if (x > L - 8) {
          d = Math.min(d, boxDistance(x, y, L - 5.8, D / 2 - 2.45, L, D / 2 + 2.45));
          d = Math.min(d, Math.abs(Math.sqrt((x - L + 1.6) ** 2 + cy * cy) - 6.75));
        }
        break;
      }
      case 'volleyball':
        d = Math.min(d, Math.abs(x - L / 2), Math.abs(x - L / 3), Math.abs(x - (2 * L) / 3));
        break;
      case 'none':
        break;
    }
    return d;
  }

  private drawNet(v: View): void {
    const game = this.scene.game;
    if (game.lines !== 'volleyball') return;
    const x = game.length / 2;
    const top = this.look.game === 'beach' ? 2.35 : 2.43;
    const a = this.project(v, x, -0.5, top);
    const b = this.project(v, x, game.depth + 0.5, top);
    const c = this.project(v, x, game.depth + 0.5, top - 1);
    const d = this.project(v, x, -0.5, top - 1);
    if (!a || !b || !c || !d) return;
    this.fillQuad([a, b, c, d], [30, 30, 35], 0.45);
    this.fillQuad(
      [
        a,
        b,
        [b[0], b[1] + Math.max(1, (c[1] - b[1]) * 0.08), 0],
        [a[0], a[1] + Math.max(1, (d[1] - a[1]) * 0.08), 0],
      ],
      [240, 240, 240],
      1,
    );
    for (const post of [-0.5, game.depth + 0.5]) {
      const p0 = this.project(v, x, post, 0);
      const p1 = this.project(v, x, post, top);
      if (p0 && p1) this.rect(p0[0] - 1, p1[1], 2, p0[1] - p1[1], [200, 200, 200]);
    }
  }

  private drawPerson(v: View, p: Person): void {
    const foot = this.project(v, p.x, p.y, p.z);
    const head = this.project(v, p.x, p.y, p.z + p.height * (1 - 0.3 * p.crouch));
    if (!foot || !head) return;
    const h = foot[1] - head[1];
    if (h < 1.5 || h > this.height * 3) return;
    if (this.figures) {
      this.drawFigure(p, foot[0], head[1], h);
      return;
    }
    const w = Math.max(1, h * (0.3 + 0.12 * p.crouch));
    const x = foot[0];
    const top = head[1];
    const kit: Rgb = p.team === 2 ? [30, 30, 30] : this.look.kits[p.team];
    const lit = this.look.night && !this.look.indoor ? 0.8 : 1;
    const skin: Rgb = [200 * lit, 150 * lit, 120 * lit];
    const swing = Math.sin(p.stride * 2.4) * Math.min(1, Math.hypot(p.vx, p.vy) / 3) * w * 0.45;
    // Head, torso, shorts, two legs, two arms.
    this.rect(x - w * 0.2, top, w * 0.4, h * 0.13, skin);
    this.rect(x - w / 2, top + h * 0.13, w, h * 0.38, kit.map((c) => c * lit) as Rgb);
    if (p.team === 2)
      for (let s = 0; s < 3; s++)
        this.rect(x - w / 2, top + h * (0.16 + s * 0.11), w, h * 0.04, [235, 235, 235]);
    this.rect(x - w / 2, top + h * 0.51, w, h * 0.12, kit.map((c) => c * 0.45 * lit) as Rgb);
    this.rect(x - w * 0.45 + swing, top + h * 0.63, w * 0.38, h * 0.37, [
      60 * lit,
      45 * lit,
      40 * lit,
    ]);
    this.rect(x + w * 0.07 - swing, top + h * 0.63, w * 0.38, h * 0.37, [
      60 * lit,
      45 * lit,
      40 * lit,
    ]);
    const armTop = p.armsUp ? top - h * 0.2 : top + h * 0.15;
    this.rect(x - w * 0.72 - swing * 0.5, armTop, w * 0.22, h * 0.33, skin);
    this.rect(x + w * 0.5 + swing * 0.5, armTop, w * 0.22, h * 0.33, skin);
  }

  /**
   * A person as an athlete figure `h` pixels tall standing at (x, top + h): the pose follows the
   * stride while moving (legs together when still), sampled bilinearly from the nearest size.
   */
  private drawFigure(p: Person, x: number, top: number, h: number): void {
    const moving = Math.hypot(p.vx, p.vy) > 0.3;
    const turn = (((p.stride * 2.4) / (2 * Math.PI)) % 1) * FIGURE_PHASES;
    const phase = moving ? Math.round(turn) % FIGURE_PHASES : 0;
    const image = levelFor(this.figures![p.team]![phase]!, h);
    const scale = (image.feetRow - image.headRow + 1) / h;
    const x0 = x - image.width / 2 / scale;
    const y0 = top - image.headRow / scale;
    const xa = Math.max(0, Math.floor(x0));
    const xb = Math.min(this.width, Math.ceil(x0 + image.width / scale));
    const ya = Math.max(0, Math.floor(y0));
    const yb = Math.min(this.height, Math.ceil(y0 + image.height / scale));
    const { rgba, width: iw, height: ih } = image;
    for (let y = ya; y < yb; y++) {
      const sy = (y + 0.5 - y0) * scale - 0.5;
      const y1 = Math.max(0, Math.min(ih - 1, Math.floor(sy)));
      const y2 = Math.min(ih - 1, y1 + 1);
      const fy = Math.max(0, Math.min(1, sy - y1));
      for (let x = xa; x < xb; x++) {
        const sx = (x + 0.5 - x0) * scale - 0.5;
        const x1 = Math.max(0, Math.min(iw - 1, Math.floor(sx)));
        const x2 = Math.min(iw - 1, x1 + 1);
        const fx = Math.max(0, Math.min(1, sx - x1));
        const w11 = (1 - fx) * (1 - fy);
        const w21 = fx * (1 - fy);
        const w12 = (1 - fx) * fy;
        const w22 = fx * fy;
        const i11 = (y1 * iw + x1) * 4;
        const i21 = (y1 * iw + x2) * 4;
        const i12 = (y2 * iw + x1) * 4;
        const i22 = (y2 * iw + x2) * 4;
        const a11 = (rgba[i11 + 3] ?? 0) * w11;
        const a21 = (rgba[i21 + 3] ?? 0) * w21;
        const a12 = (rgba[i12 + 3] ?? 0) * w12;
        const a22 = (rgba[i22 + 3] ?? 0) * w22;
        const alpha = a11 + a21 + a12 + a22;
        if (alpha < 1) continue;
        const o = (y * this.width + x) * 3;
        const cover = alpha / 255;
        for (let c = 0; c < 3; c++) {
          const colour =
            ((rgba[i11 + c] ?? 0) * a11 +
              (rgba[i21 + c] ?? 0) * a21 +
              (rgba[i12 + c] ?? 0) * a12 +
              (rgba[i22 + c] ?? 0) * a22) /
            alpha;
          this.buffer[o + c] = Math.round(colour * cover + (this.buffer[o + c] ?? 0) * (1 - cover));
        }
      }
    }
  }

  private drawBall(v: View): void {
    if (this.look.game === 'none') return;
    const b = this.scene.shown.ball;
    const c = this.project(v, b.x, b.y, b.z);
    const e = this.project(v, b.x, b.y, b.z + 0.22);
    if (!c || !e) return;
    const r = Math.max(0.8, (c[1] - e[1]) / 2);
    const colour: Rgb =
      this.look.game === 'basketball'
        ? [220, 110, 30]
        : this.look.game === 'football' || this.look.game === 'flag'
          ? [120, 60, 30]
          : [245, 245, 240];
    this.rect(c[0] - r, c[1] - r, 2 * r, 2 * r, colour);
  }

  private drawScoreboard(t: number): void {
    const w = Math.round(this.width * 0.22);
    const h = Math.round(this.height * 0.06);
    this.rect(this.width * 0.04, this.height * 0.05, w, h, [20, 25, 60]);
    const clock = Math.floor(t) % 60;
    for (let d = 0; d < 4; d++) {
      const on = ((clock >> d) & 1) === 1;
      this.rect(
        this.width * 0.04 + w * (0.55 + d * 0.1),
        this.height * 0.06,
        w * 0.06,
        h * 0.6,
        on ? [240, 240, 240] : [60, 60, 90],
      );
    }
  }

  /** A broadcast's graphic wipe: a band in the first team's colour sweeping across the picture. */
  private drawWipe(progress: number): void {
    const band = this.width * 0.45;
    const x = -band + progress * (this.width + band);
    this.rect(x, 0, band, this.height, this.look.kits[0]);
    this.rect(x + band * 0.3, 0, band * 0.12, this.height, [245, 245, 245]);
  }

  private rect(x: number, y: number, w: number, h: number, rgb: Rgb): void {
    const { width, height, buffer } = this;
    const xa = Math.max(0, Math.round(x));
    const xb = Math.min(width, Math.round(x + Math.max(1, w)));
    const ya = Math.max(0, Math.round(y));
    const yb = Math.min(height, Math.round(y + Math.max(1, h)));
    for (let yy = ya; yy < yb; yy++) {
      let o = (yy * width + xa) * 3;
      for (let xx = xa; xx < xb; xx++) {
        buffer[o++] = rgb[0];
        buffer[o++] = rgb[1];
        buffer[o++] = rgb[2];
      }
    }
  }

  /** Fills a convex quad (screen points) with a colour at the given opacity. */
  private fillQuad(pts: [number, number, number][], rgb: Rgb, alpha: number): void {
    const { width, height, buffer } = this;
    const xs = pts.map((p) => p[0]);
    const ys = pts.map((p) => p[1]);
    const x0 = Math.max(0, Math.floor(Math.min(...xs)));
    const x1 = Math.min(width - 1, Math.ceil(Math.max(...xs)));
    const y0 = Math.max(0, Math.floor(Math.min(...ys)));
    const y1 = Math.min(height - 1, Math.ceil(Math.max(...ys)));
    if (x1 - x0 > width * 4 || y1 < y0) return;
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        let sign = 0;
        let inside = true;
        for (let i = 0; i < 4; i++) {
          const a = pts[i]!;
          const b = pts[(i + 1) % 4]!;
          const cross = (b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0]);
          const s = cross > 0 ? 1 : cross < 0 ? -1 : 0;
          if (s !== 0) {
            if (sign === 0) sign = s;
            else if (s !== sign) {
              inside = false;
              break;
            }
          }
        }
        if (!inside) continue;
        const o = (y * width + x) * 3;
        buffer[o] = buffer[o]! * (1 - alpha) + rgb[0] * alpha;
        buffer[o + 1] = buffer[o + 1]! * (1 - alpha) + rgb[1] * alpha;
        buffer[o + 2] = buffer[o + 2]! * (1 - alpha) + rgb[2] * alpha;
      }
    }
  }

  /** Exposure (phones adapt slowly), vignetting and fresh sensor noise every frame. */
  private finish(t: number): void {
    const { buffer, width, height, look } = this;
    const target = look.brightness * (this.scene.shown.camera.away ? 1.15 : 1);
    this.exposure += (target - this.exposure) * (look.operator === 'phone' ? 0.05 : 1);
    const gain = this.exposure * (look.operator === 'phone' ? 1 + 0.03 * Math.sin(t * 0.7) : 1);
    const sigma = look.noise / 40;
    const columns = this.vignetteColumns;
    let n = this.rng.int(0, NOISE_SIZE - 1);
    const noise = this.noise;
    for (let y = 0; y < height; y++) {
      const vy = (y / height - 0.5) * 2;
      const rowGain = gain * (1 - 0.18 * vy * vy);
      let o = y * width * 3;
      for (let x = 0; x < width; x++) {
        const g = rowGain - columns[x]!;
        for (let c = 0; c < 3; c++, o++) {
          const value = buffer[o]! * g + noise[n]! * sigma;
          buffer[o] = value < 0 ? 0 : value > 255 ? 255 : value;
          n = (n + 7919) & (NOISE_SIZE - 1);
        }
      }
    }
  }
}

function boxDistance(x: number, y: number, x0: number, y0: number, x1: number, y1: number): number {
  if (x >= x0 && x <= x1 && y >= y0 && y <= y1) return Math.min(x - x0, x1 - x, y - y0, y1 - y);
  const dx = x < x0 ? x0 - x : x > x1 ? x - x1 : 0;
  const dy = y < y0 ? y0 - y : y > y1 ? y - y1 : 0;
  return Math.sqrt(dx * dx + dy * dy);
}
