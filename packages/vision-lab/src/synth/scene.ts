import type { Random } from './random.js';
import type { SportProfile } from './sport-profile.js';
import { phaseAt, type Phase, type Timeline } from './timeline.js';

export interface Player {
  team: 0 | 1 | 2;
  x: number;
  y: number;
  vx: number;
  vy: number;
  tx: number;
  ty: number;
  retargetAt: number;
  stride: number;
}

export interface Camera {
  /** World x at the frame centre, metres. */
  cx: number;
  zoom: number;
  shakeX: number;
  shakeY: number;
  /** A hard cut to a tighter framing is active. */
  tight: boolean;
  crowdShot: boolean;
}

/** Everything that moves in a generated film, advanced frame by frame. */
export class Scene {
  readonly players: Player[] = [];
  readonly ball = { x: 0, y: 0, z: 0, vx: 0, vy: 0 };
  readonly camera: Camera;
  private phase: Phase | null = null;
  private lineX: number;
  private direction = 1;
  private attackSide = 1;
  private nextSwitch = 0;
  private nextPass = 0;
  private holder = 0;
  private zoomTarget = 1;
  private reframe = 0;
  private shakeVx = 0;
  private shakeVy = 0;
  private inReplay = false;

  constructor(
    private readonly profile: SportProfile,
    private readonly timeline: Timeline,
    private readonly rng: Random,
  ) {
    const { fieldLength, fieldDepth, playersPerTeam } = profile;
    this.lineX = fieldLength / 2;
    for (let team = 0 as 0 | 1; team < 2; team = (team + 1) as 0 | 1) {
      for (let i = 0; i < playersPerTeam; i++) {
        const x = fieldLength / 2 + (team === 0 ? -1 : 1) * rng.between(1, fieldLength / 5);
        const y = rng.between(1, fieldDepth - 1);
        this.players.push({ team, x, y, vx: 0, vy: 0, tx: x, ty: y, retargetAt: 0, stride: 0 });
      }
    }
    this.players.push({
      team: 2,
      x: fieldLength / 2,
      y: fieldDepth * 0.8,
      vx: 0,
      vy: 0,
      tx: fieldLength / 2,
      ty: fieldDepth * 0.8,
      retargetAt: 0,
      stride: 0,
    });
    this.camera = {
      cx: fieldLength / 2,
      zoom: 1,
      shakeX: 0,
      shakeY: 0,
      tight: false,
      crowdShot: false,
    };
  }

  step(t: number, dt: number): void {
    const phase = phaseAt(this.timeline, t);
    if (phase !== this.phase) this.enterPhase(phase, t);
    // A replay shows play again, slowed down, from a tighter camera.
    const replay = this.timeline.replays.some((r) => t >= r.start && t < r.end);
    const live = phase.kind === 'live' || replay;
    if (replay !== this.inReplay) {
      this.inReplay = replay;
      for (const p of this.players) p.retargetAt = t;
    }
    const sinceStart = t - phase.start;
    const untilEnd = phase.end - t;
    const { runSpeed, walkSpeed, fieldLength, fieldDepth } = this.profile;
    // Players burst at the snap and wind down over ~1.5 s after the whistle.
    const afterWhistle = live || phase.start === 0 ? 0 : Math.max(0, 1 - sinceStart / 1.5);
    for (const [i, p] of this.players.entries()) {
      if (t >= p.retargetAt) this.retarget(p, i, phase, t, untilEnd);
      const dx = p.tx - p.x;
      const dy = p.ty - p.y;
      const dist = Math.hypot(dx, dy);
      const base = live
        ? runSpeed[0] + (runSpeed[1] - runSpeed[0]) * ((i * 0.37) % 1)
        : walkSpeed[0] + (walkSpeed[1] - walkSpeed[0]) * ((i * 0.61) % 1);
      const ramp = live ? Math.min(1, sinceStart / 0.4) : 1;
      const speed = replay
        ? base * 0.5
        : live
          ? base * ramp
          : Math.max(base, runSpeed[0] * afterWhistle);
      const settled = !live && this.isSettled(phase, untilEnd);
      const want = settled || dist < 0.3 ? 0 : Math.min(speed, dist / 0.3);
      const wvx = dist > 0 ? (dx / dist) * want : 0;
      const wvy = dist > 0 ? (dy / dist) * want : 0;
      const k = 1 - Math.exp(-dt / 0.25);
      p.vx += (wvx - p.vx) * k;
      p.vy += (wvy - p.vy) * k;
      if (!live && !settled && this.rng.chance(0.02)) {
        p.vx += this.rng.gaussian() * 0.15;
        p.vy += this.rng.gaussian() * 0.15;
      }
      p.x = clamp(p.x + p.vx * dt, -3, fieldLength + 3);
      p.y = clamp(p.y + p.vy * dt, -1, fieldDepth + 3);
      p.stride += Math.hypot(p.vx, p.vy) * dt;
    }
    this.moveBall(phase, t, dt);
    this.moveCamera(phase, t, dt);
  }

  /** Football players freeze at the line before the snap; others stand still in the last seconds. */
  private isSettled(phase: Phase, untilEnd: number): boolean {
    return this.profile.sport === 'football'
      ? untilEnd < 1.8
      : untilEnd < 1.2 && phase.kind !== 'timeout';
  }

  private enterPhase(phase: Phase, t: number): void {
    this.phase = phase;
    for (const p of this.players) p.retargetAt = t;
    if (phase.kind === 'live') {
      this.attackSide = this.rng.chance(0.5) ? 1 : -1;
      this.nextSwitch = t + this.rng.between(7, 14);
      this.holder = this.rng.int(0, this.players.length - 2);
    } else if (this.profile.sport === 'football') {
      // The next play starts where this one ended.
      const carrier = this.players[this.holder]!;
      this.lineX = clamp(carrier.x, 15, this.profile.fieldLength - 15);
      if (this.rng.chance(0.15)) this.direction = -this.direction;
    }
  }

  private retarget(p: Player, i: number, phase: Phase, t: number, untilEnd: number): void {
    const { fieldLength, fieldDepth, sport } = this.profile;
    const rng = this.rng;
    const live = phase.kind === 'live' || this.inReplay;
    const half = p.team === 0 ? -1 : 1;
    if (phase.kind === 'timeout' && !live) {
      p.tx = fieldLength / 2 + half * rng.between(2, 6);
      p.ty = fieldDepth + rng.between(0.5, 2.5);
      p.retargetAt = t + rng.between(8, 20);
      return;
    }
    if (!live) {
      p.retargetAt = t + rng.between(3, 8);
      if (sport === 'football') {
        if (untilEnd < 7) {
          p.tx = this.lineX + half * this.direction * (p.team === 2 ? 8 : rng.between(0.5, 5));
          p.ty = fieldDepth / 2 + ((i % 11) - 5) * 1.2 + rng.between(-0.5, 0.5);
          p.retargetAt = t + untilEnd + 1;
        } else {
          p.tx = this.lineX + half * this.direction * rng.between(6, 12);
          p.ty = fieldDepth / 2 + rng.between(-4, 4);
        }
      } else if (sport === 'volleyball') {
        p.tx = fieldLength / 2 + half * rng.between(1, fieldLength / 2 - 1);
        p.ty = rng.between(1, fieldDepth - 1);
      } else {
        const target = sport === 'basketball' ? fieldLength / 2 + this.attackSide * 10 : p.x;
        p.tx = clamp(target + rng.between(-5, 5), 1, fieldLength - 1);
        p.ty = clamp(
          sport === 'basketball' ? fieldDepth / 2 + rng.between(-4, 4) : p.y + rng.between(-4, 4),
          1,
          fieldDepth - 1,
        );
      }
      return;
    }
    p.retargetAt = t + rng.between(0.4, 1.6);
    if (sport === 'football') {
      const forward = this.direction * (p.team === 0 ? 1 : 0.6);
      p.tx = clamp(this.lineX + forward * rng.between(3, 25), 0, fieldLength);
      p.ty = clamp(p.y + rng.between(-10, 10), 0, fieldDepth);
    } else if (sport === 'basketball') {
      if (t > this.nextSwitch) {
        this.attackSide = -this.attackSide;
        this.nextSwitch = t + rng.between(7, 14);
      }
      p.tx = clamp(fieldLength / 2 + this.attackSide * rng.between(4, 13), 0.5, fieldLength - 0.5);
      p.ty = rng.between(1, fieldDepth - 1);
    } else if (sport === 'volleyball') {
      p.tx = fieldLength / 2 + half * rng.between(0.5, fieldLength / 2);
      p.ty = rng.between(0.5, fieldDepth - 0.5);
    } else {
      p.tx = clamp(this.ball.x + half * rng.between(-4, 22) + rng.between(-8, 8), 0, fieldLength);
      p.ty = clamp(
        fieldDepth / 2 + (((i % 11) - 5) / 5) * fieldDepth * 0.4 + rng.between(-6, 6),
        0,
        fieldDepth,
      );
    }
  }

  private moveBall(phase: Phase, t: number, dt: number): void {
    const b = this.ball;
    const live = phase.kind === 'live';
    if (live && t >= this.nextPass) {
      this.holder = this.rng.int(0, this.players.length - 2);
      this.nextPass = t + this.rng.between(0.6, 2.5);
    }
    const target = this.players[this.holder]!;
    const k = 1 - Math.exp(-dt / (live ? 0.15 : 0.5));
    b.x += (target.x + 0.3 - b.x) * k;
    b.y += (target.y - b.y) * k;
    const airborne = live && this.profile.sport !== 'football';
    b.z = airborne
      ? Math.abs(Math.sin(t * (this.profile.sport === 'basketball' ? 9 : 2.2))) * 2.5
      : 1;
  }

  private moveCamera(phase: Phase, t: number, dt: number): void {
    const c = this.camera;
    const { fieldLength, viewWidth, handheldShake } = this.profile;
    const live = phase.kind === 'live';
    const focus = live
      ? this.ball.x
      : this.players.slice(0, -1).reduce((s, p) => s + p.x, 0) / (this.players.length - 1);
    if (!live && this.rng.chance(dt / 6)) this.reframe = this.rng.between(-8, 8) * (viewWidth / 45);
    if (live) this.reframe *= 1 - dt;
    const half = (viewWidth * c.zoom) / 2;
    const target = clamp(focus + this.reframe, half - 5, fieldLength - half + 5);
    c.cx += (target - c.cx) * (1 - Math.exp(-dt / (live ? 0.7 : 1.2)));
    if (this.rng.chance(dt / (live ? 12 : 5))) this.zoomTarget = this.rng.between(0.75, 1.25);
    c.zoom += (this.zoomTarget - c.zoom) * (1 - Math.exp(-dt / 1.5));
    // Handheld shake: a damped random walk plus small jolts.
    this.shakeVx = this.shakeVx * 0.85 + this.rng.gaussian() * handheldShake;
    this.shakeVy = this.shakeVy * 0.85 + this.rng.gaussian() * handheldShake;
    c.shakeX = c.shakeX * 0.9 + this.shakeVx;
    c.shakeY = c.shakeY * 0.9 + this.shakeVy;
    c.crowdShot = this.timeline.crowdShots.some((s) => t >= s.start && t < s.end);
    c.tight =
      this.timeline.angleCuts.some((cut) => t >= cut && t < cut + 6) ||
      this.timeline.replays.some((r) => t >= r.start && t < r.end);
  }
}

export function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}
