import type { Random } from '../random.js';
import { BroadcastDirector, type ShownView } from './broadcast-director.js';
import { GAMES, type FilmLook, type GameRhythm } from './film-style.js';
import { stretchAt, type Stretch, type StyledTimeline } from './styled-timeline.js';

export interface Person {
  team: 0 | 1 | 2;
  x: number;
  y: number;
  vx: number;
  vy: number;
  tx: number;
  ty: number;
  /** Metres above the ground (jumps). */
  z: number;
  retargetAt: number;
  stride: number;
  /** 0 upright .. 1 crouched (set before a snap). */
  crouch: number;
  armsUp: boolean;
  height: number;
  /** How hard this player works in the current play (0.15 = shuffling, 1 = sprinting). */
  effort: number;
  /** Stands still through the current dead-time habit. */
  resting: boolean;
}

/** Where the camera is and what it looks at (metres, radians). */
export interface CameraState {
  x: number;
  y: number;
  z: number;
  yaw: number;
  pitch: number;
  roll: number;
  /** Focal length in units of the frame width. */
  focal: number;
  /** A cut to a tighter shot or to the crowd is showing (broadcast, phone turned away). */
  closeUp: boolean;
  away: boolean;
}

const FIELD_FALLBACK: GameRhythm = { ...GAMES.soccer, length: 30, depth: 20, lines: 'none' };

/** Players, ball and camera of a styled film, advanced frame by frame. */
export class StyledScene {
  readonly people: Person[] = [];
  readonly ball = { x: 0, y: 0, z: 0.2 };
  readonly camera: CameraState;
  readonly game: GameRhythm;
  /** What the current frame shows: the scene from its camera, or a broadcast's cutaway. */
  shown: ShownView = this;
  private readonly director: BroadcastDirector | undefined;
  private stretch: Stretch | null = null;
  private action = { x: 0, y: 0, vx: 0, vy: 0, turnAt: 0 };
  private line = 0;
  private direction = 1;
  private scorer: 0 | 1 = 0;
  private focus = { x: 0, y: 0 };
  private zoom = 1;
  private zoomTarget = 1;
  private reframe = 0;
  private shake = { yaw: 0, pitch: 0, vyaw: 0, vpitch: 0 };
  private readonly camHome: { x: number; y: number };

  constructor(
    readonly look: FilmLook,
    private readonly timeline: StyledTimeline,
    private readonly rng: Random,
  ) {
    this.game = look.game === 'none' ? FIELD_FALLBACK : GAMES[look.game];
    const { length, depth } = this.game;
    this.line = length / 2;
    this.action = { x: length / 2, y: depth / 2, vx: 0, vy: 0, turnAt: 0 };
    const count = look.game === 'none' ? look.perTeam * 2 : look.perTeam;
    for (let team = 0 as 0 | 1; team < 2; team = (team + 1) as 0 | 1) {
      for (let i = 0; i < count; i++) {
        const x = length / 2 + (team === 0 ? -1 : 1) * rng.between(1, length / 4);
        const y = rng.between(1, depth - 1);
        this.people.push(this.person(team, x, y));
      }
    }
    if (look.game !== 'none' && look.game !== 'beach') {
      const referees = look.game === 'football' ? rng.int(2, 4) : rng.int(1, 2);
      for (let i = 0; i < referees; i++)
        this.people.push(this.person(2, length / 2, depth * rng.between(0.1, 0.9)));
    }
    this.focus = { x: length / 2, y: depth / 2 };
    const back = look.cameraBack;
    this.camHome =
      look.placement === 'endline'
        ? { x: -back, y: depth / 2 + rng.between(-depth * 0.15, depth * 0.15) }
        : look.placement === 'corner'
          ? { x: -back * 0.7, y: -back * 0.7 }
          : {
              x: look.operator === 'phone' ? length * rng.between(0.25, 0.75) : length / 2,
              y: -back,
            };
    this.camera = {
      x: this.camHome.x,
      y: this.camHome.y,
      z: look.cameraHeight,
      yaw: 0,
      pitch: 0,
      roll: 0,
      focal: 1,
      closeUp: false,
      away: false,
    };
    this.aimCamera(0, 1);
    if (timeline.broadcast) this.director = new BroadcastDirector(timeline.broadcast, rng);
  }

  /** Progress (0–1) of a broadcast's graphic wipe showing at t, or null. */
  wipe(t: number): number | null {
    return this.director?.wipe(t) ?? null;
  }

  private person(team: 0 | 1 | 2, x: number, y: number): Person {
    const h = team === 2 ? 1.8 : this.look.playerHeight * this.rng.between(0.92, 1.08);
    return {
      team,
      x,
      y,
      vx: 0,
      vy: 0,
      tx: x,
      ty: y,
      z: 0,
      retargetAt: 0,
      stride: this.rng.between(0, 6),
      crouch: 0,
      armsUp: false,
      height: h,
      effort: 1,
      resting: false,
    };
  }

  step(t: number, dt: number): void {
    const stretch = stretchAt(this.timeline, t);
    if (stretch !== this.stretch) this.enter(stretch, t);
    const live = stretch.kind === 'live';
    const since = t - stretch.start;
    if (live) this.moveAction(t, dt);
    const { runSpeed, walkSpeed, length, depth } = this.game;
    for (const [i, p] of this.people.entries()) {
      if (t >= p.retargetAt) this.retarget(p, i, stretch, t);
      const dx = p.tx - p.x;
      const dy = p.ty - p.y;
      const dist = Math.hypot(dx, dy);
      const personal = (i * 0.37) % 1;
      let speed: number;
      switch (stretch.kind) {
        case 'live':
          speed =
            (runSpeed[0] + (runSpeed[1] - runSpeed[0]) * personal) *
            p.effort *
            Math.min(1, since / 0.4);
          if (p.team === 2) speed *= 0.6;
          break;
        case 'jog-to-positions':
        case 'substitution':
          speed = 2 + 1.5 * personal;
          break;
        case 'celebration':
          speed = p.team === this.scorer ? 3 + 2 * personal : walkSpeed[1];
          break;
        case 'set':
        case 'free-throw':
          speed = 0;
          break;
        case 'huddle':
          speed = dist > 2 ? walkSpeed[1] + 0.5 : 0.15;
          break;
        default:
          speed = p.resting ? 0 : walkSpeed[0] + (walkSpeed[1] - walkSpeed[0]) * personal;
      }
      // Players wind down for about a second after the ball goes dead.
      if (!live && this.previousWasLive && since < 1.2)
        speed = Math.max(speed, runSpeed[0] * (1 - since / 1.2));
      const want = dist < 0.2 ? 0 : Math.min(speed, dist / 0.4);
      const k = 1 - Math.exp(-dt / (live ? 0.2 : 0.35));
      p.vx += ((dist > 0 ? (dx / dist) * want : 0) - p.vx) * k;
      p.vy += ((dist > 0 ? (dy / dist) * want : 0) - p.vy) * k;
      if (stretch.kind === 'set' && p.team !== 2 && this.rng.chance(0.004))
        p.vx += this.rng.gaussian() * 0.6;
      p.x = Math.max(-8, Math.min(length + 8, p.x + p.vx * dt));
      p.y = Math.max(-7, Math.min(depth + 4, p.y + p.vy * dt));
      p.stride += Math.hypot(p.vx, p.vy) * dt;
      const wantCrouch =
        stretch.kind === 'set' &&
        (this.look.game === 'football' || this.look.game === 'flag') &&
        p.team !== 2 &&
        i % 3 !== 2
          ? 1
          : 0;
      p.crouch += (wantCrouch - p.crouch) * Math.min(1, dt / 0.3);
      const jumping =
        (this.game.ballInAir && live && (i * 7 + Math.floor(t * 1.3)) % 9 === 0) ||
        (stretch.kind === 'celebration' && p.team === this.scorer && since > 1.5);
      p.z = jumping ? Math.abs(Math.sin((t + i) * 6)) * 0.5 : 0;
      p.armsUp = stretch.kind === 'celebration' && p.team === this.scorer;
    }
    this.moveBall(stretch, t);
    this.moveCamera(stretch, t, dt);
    if (this.director) {
      this.director.record(t, this, live);
      this.shown = this.director.view(t, this);
    }
  }

  private previousWasLive = false;

  private enter(stretch: Stretch, t: number): void {
    this.previousWasLive = this.stretch?.kind === 'live';
    this.stretch = stretch;
    const rest = this.rng.between(0, 0.6);
    // Some plays are all-out; in others most players shuffle while a few run (a volleyball rally).
    const intensity = this.rng.between(0.3, 1);
    for (const p of this.people) {
      p.retargetAt = t;
      p.resting = this.rng.chance(rest);
      p.effort = Math.min(1, Math.max(0.1, intensity * this.rng.between(0.3, 1.4)));
    }
    const { length } = this.game;
    if (stretch.kind === 'live') {
      this.action.x = this.line;
      this.action.y = this.game.depth / 2 + this.rng.between(-5, 5) * (this.game.depth / 49);
      const run = this.rng.between(this.game.runSpeed[0], this.game.runSpeed[1]);
      const angle = this.rng.between(-0.9, 0.9);
      this.action.vx = Math.cos(angle) * run * this.direction;
      this.action.vy = Math.sin(angle) * run;
      this.action.turnAt = t + this.rng.between(0.8, 2.5);
      this.zoomTarget = this.look.zoomInPlay;
    } else if (this.previousWasLive) {
      if (this.look.game === 'football' || this.look.game === 'flag') {
        this.line = Math.max(length * 0.15, Math.min(length * 0.85, this.action.x));
        if (this.rng.chance(0.2)) this.direction = -this.direction;
      }
      this.scorer = this.rng.chance(0.5) ? 0 : 1;
      this.zoomTarget = this.rng.between(0.85, 1.05);
    }
  }

  private moveAction(t: number, dt: number): void {
    const a = this.action;
    const { length, depth, runSpeed } = this.game;
    if (t >= a.turnAt) {
      const run =
        this.rng.between(runSpeed[0], runSpeed[1]) *
        (this.look.game === 'basketball' || this.look.game === 'soccer' ? 0.8 : 1);
      const toward = this.look.game === 'basketball' ? (a.x < length / 2 ? 1 : -1) : this.direction;
      const angle = this.rng.between(-1.4, 1.4);
      a.vx = Math.cos(angle) * run * (this.rng.chance(0.75) ? toward : -toward);
      a.vy = Math.sin(angle) * run;
      a.turnAt = t + this.rng.between(0.6, 2.5);
    }
    a.x += a.vx * dt;
    a.y += a.vy * dt;
    if (a.x < 1 || a.x > length - 1) a.vx = -a.vx;
    if (a.y < 0.5 || a.y > depth - 0.5) a.vy = -a.vy;
    a.x = Math.max(0.5, Math.min(length - 0.5, a.x));
    a.y = Math.max(0.3, Math.min(depth - 0.3, a.y));
  }

  /** Formation spot of player i around the line of scrimmage (or the team's half). */
  private formation(p: Person, i: number): [number, number] {
    const { length, depth } = this.game;
    const side = p.team === 0 ? -1 : 1;
    const slot = i % Math.max(1, this.look.perTeam);
    if (this.look.game === 'football' || this.look.game === 'flag') {
      const spread = this.look.game === 'flag' ? 3 : 1.3;
      const back = slot < 5 ? 0.6 : slot < 8 ? 2 + (slot % 3) * 2 : 5 + (slot % 3) * 2;
      return [
        this.line + side * this.direction * back,
        depth / 2 + (slot - this.look.perTeam / 2) * spread,
      ];
    }
    if (this.look.game === 'volleyball' || this.look.game === 'beach') {
      const col = slot % 3;
      const row = Math.floor(slot / 3) % 2;
      return [
        length / 2 + side * (1.5 + row * 4.5),
        depth * (0.2 + 0.3 * col) + (this.look.game === 'beach' ? depth * 0.1 * row : 0),
      ];
    }
    return [
      length / 2 + side * this.rng.between(2, length / 3),
      depth * this.rng.between(0.15, 0.85),
    ];
  }

  private retarget(p: Person, i: number, stretch: Stretch, t: number): void {
    const rng = this.rng;
    const { length, depth } = this.game;
    const side = p.team === 0 ? -1 : 1;
    const untilEnd = stretch.end - t;
    switch (stretch.kind) {
      case 'live': {
        const a = this.action;
        const reach = this.look.game === 'volleyball' || this.look.game === 'beach' ? 3 : 12;
        if (this.look.game === 'volleyball' || this.look.game === 'beach') {
          p.tx = length / 2 + side * rng.between(0.5, length / 2 - 0.5);
          p.ty = rng.between(0.5, depth - 0.5);
        } else {
          p.tx = a.x + a.vx * 0.8 + rng.between(-reach, reach);
          p.ty = a.y + a.vy * 0.8 + rng.between(-reach, reach) * 0.7;
        }
        p.retargetAt = t + rng.between(0.3, 1.2);
        break;
      }
      case 'walk-back':
      case 'jog-to-positions':
      case 'set':
      case 'serve-prep': {
        const [fx, fy] = this.formation(p, i);
        p.tx = fx + rng.between(-0.4, 0.4);
        p.ty = fy + rng.between(-0.4, 0.4);
        if (stretch.kind === 'walk-back') {
          p.tx += side * rng.between(1, 5);
          p.retargetAt = t + rng.between(2, 5);
        } else p.retargetAt = t + untilEnd + 1;
        if (stretch.kind === 'serve-prep' && i === 0) {
          p.tx = -0.5;
          p.ty = depth * 0.7;
        }
        break;
      }
      case 'huddle': {
        const angle = (i / this.look.perTeam) * Math.PI * 2;
        const cx = this.line + side * this.direction * 7;
        p.tx = cx + Math.cos(angle) * 1.3;
        p.ty = depth / 2 + Math.sin(angle) * 1.3;
        p.retargetAt = t + untilEnd + 1;
        break;
      }
      case 'bench': {
        p.tx = length / 2 + side * rng.between(3, 10);
        p.ty = -rng.between(2, 5);
        p.retargetAt = t + rng.between(8, 20);
        break;
      }
      case 'celebration': {
        if (p.team === this.scorer) {
          p.tx = this.action.x + rng.between(-1.5, 1.5);
          p.ty = this.action.y + rng.between(-1.5, 1.5);
        } else {
          p.tx = p.x + rng.between(-2, 2);
          p.ty = p.y + rng.between(-2, 2);
        }
        p.retargetAt = t + rng.between(1, 3);
        break;
      }
      case 'substitution': {
        const leaving = i % 5 === Math.floor(t) % 5;
        p.tx = leaving ? length / 2 + rng.between(-3, 3) : p.x + rng.between(-1.5, 1.5);
        p.ty = leaving ? -3 : p.y + rng.between(-1.5, 1.5);
        p.retargetAt = t + rng.between(2, 5);
        break;
      }
      case 'free-throw': {
        const slot = i % 5;
        p.tx = length - 4 + (slot - 2) * 0.9;
        p.ty = depth / 2 + (slot % 2 ? 2.6 : -2.6);
        p.retargetAt = t + untilEnd + 1;
        break;
      }
      default: {
        p.tx = Math.max(0, Math.min(length, p.x + rng.between(-4, 4)));
        p.ty = Math.max(0, Math.min(depth, p.y + rng.between(-3, 3)));
        p.retargetAt = t + rng.between(2, 7);
      }
    }
  }

  private moveBall(stretch: Stretch, t: number): void {
    const b = this.ball;
    if (stretch.kind === 'live') {
      b.x = this.action.x + 0.3;
      b.y = this.action.y;
      b.z = this.game.ballInAir ? 0.5 + Math.abs(Math.sin(t * 1.7)) * 4 : 1;
    } else {
      b.z = stretch.kind === 'serve-prep' ? Math.abs(Math.sin(t * 4)) * 1 : 0.15;
      if (stretch.kind === 'serve-prep') {
        b.x = -0.3;
        b.y = this.game.depth * 0.7;
      }
    }
  }

  private moveCamera(stretch: Stretch, t: number, dt: number): void {
    const look = this.look;
    const c = this.camera;
    const live = stretch.kind === 'live';
    c.away = stretch.kind === 'camera-away' && t - stretch.start > 0.5 && stretch.end - t > 0.5;
    c.closeUp = this.timeline.closeUps.some((s) => t >= s.start && t < s.end);
    const players = this.people.filter((p) => p.team !== 2);
    const centroid = players.length
      ? {
          x: players.reduce((s, p) => s + p.x, 0) / players.length,
          y: players.reduce((s, p) => s + p.y, 0) / players.length,
        }
      : { x: this.game.length / 2, y: this.game.depth / 2 };
    const target = live ? { x: this.action.x, y: this.action.y } : centroid;
    if (look.operator === 'tripod') {
      target.x = this.game.length / 2;
      target.y = this.game.depth / 2;
    }
    if (!live && this.rng.chance(dt / 6))
      this.reframe = this.rng.between(-0.15, 0.15) * look.viewWidth;
    if (live) this.reframe *= 1 - dt;
    const lag = look.operator === 'tripod' ? 1e9 : live ? 0.6 : 1.3;
    const k = 1 - Math.exp(-dt / lag);
    this.focus.x += (target.x + this.reframe - this.focus.x) * k;
    this.focus.y += (target.y - this.focus.y) * k * 0.5;
    if (look.operator !== 'tripod' && !live && this.rng.chance(dt / 8))
      this.zoomTarget = this.rng.between(0.85, 1.1);
    this.zoom += (this.zoomTarget - this.zoom) * (1 - Math.exp(-dt / 1.5));
    // Handheld: a damped random walk plus a faster tremor.
    const s = (look.shakeDeg * Math.PI) / 180;
    const sh = this.shake;
    sh.vyaw = sh.vyaw * 0.9 + this.rng.gaussian() * s * 0.15;
    sh.vpitch = sh.vpitch * 0.9 + this.rng.gaussian() * s * 0.15;
    sh.yaw = sh.yaw * 0.95 + sh.vyaw;
    sh.pitch = sh.pitch * 0.95 + sh.vpitch;
    c.roll = ((look.rollDeg * Math.PI) / 180) * Math.sin(t * 0.13 + 1) + sh.yaw * 0.3;
    this.aimCamera(t, look.operator === 'tripod' ? 1 : this.zoom);
    c.yaw += sh.yaw;
    c.pitch += sh.pitch;
    if (c.away) c.pitch -= 0.25;
    if (c.closeUp) c.focal *= 2.6;
  }

  private aimCamera(_t: number, zoom: number): void {
    const c = this.camera;
    const dx = this.focus.x - c.x;
    const dy = this.focus.y - c.y;
    const ground = Math.hypot(dx, dy);
    c.yaw = Math.atan2(dy, dx);
    c.pitch = Math.atan2(c.z, ground);
    const range = Math.hypot(ground, c.z);
    c.focal = (range / this.look.viewWidth) * zoom;
  }
}
