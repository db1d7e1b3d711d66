import type { Random } from '../random.js';
import type { CameraState, Person } from './styled-scene.js';
import type { BroadcastCuts, Replay } from './styled-timeline.js';

type Point3 = { x: number; y: number; z: number };

/** What one frame shows: whose positions, seen from which camera. */
export interface ShownView {
  readonly people: readonly Person[];
  readonly ball: Point3;
  readonly camera: CameraState;
}

/** The scene as the director reads it: its people, ball and main camera now. */
export interface LiveScene extends ShownView {
  readonly game: { length: number; depth: number };
}

/** Seconds a graphic wipe takes, centred on a replay's first and last frame. */
export const WIPE_SEC = 0.4;

interface Moment {
  t: number;
  people: Person[];
  ball: Point3;
  camera: CameraState;
}

const inside = (s: { start: number; end: number }, t: number): boolean => t >= s.start && t < s.end;

/**
 * A rally broadcast's director: the main camera by default, or at a cutaway a close-up of one player
 * from the court's side, the crowd, or a replay of the last play's end slowed, seen from the side or
 * again by the main camera.
 * It remembers the current play frame by frame so that the replay shows what really happened.
 */
export class BroadcastDirector {
  private moments: Moment[] = [];
  private readonly side: CameraState = {
    x: 0,
    y: 0,
    z: 0,
    yaw: 0,
    pitch: 0,
    roll: 0,
    focal: 1,
    closeUp: true,
    away: false,
  };
  /** The cutaway showing: when it began, metres across the view, whom it follows, where from. */
  private shot: {
    start: number;
    width: number;
    subject: number;
    from: Point3;
    /** Where a replay's camera looks, following the ball as an operator would: smoothly. */
    look?: { x: number; y: number };
  } | null = null;

  constructor(
    private readonly cuts: BroadcastCuts,
    private readonly rng: Random,
  ) {}

  /** Remembers the scene while a play is live; a play that starts after a pause starts afresh. */
  record(t: number, scene: LiveScene, live: boolean): void {
    if (!live) return;
    const last = this.moments[this.moments.length - 1];
    if (last && t - last.t > 0.5) this.moments = [];
    this.moments.push({
      t,
      people: scene.people.map((p) => ({ ...p })),
      ball: { ...scene.ball },
      camera: { ...scene.camera },
    });
  }

  view(t: number, scene: LiveScene): ShownView {
    const replay = this.cuts.replays.find((r) => inside(r, t));
    if (replay && this.moments.length) return this.replayView(replay, t, scene);
    const player = this.cuts.playerShots.find((s) => inside(s, t));
    if (player) return this.closeUpView(player.start, t, scene);
    if (this.cuts.crowdShots.some((s) => inside(s, t)))
      return {
        ...scene,
        camera: { ...scene.camera, away: true, pitch: scene.camera.pitch - 0.25 },
      };
    this.shot = null;
    return scene;
  }

  /** Progress (0–1) of a graphic wipe showing at t, or null. */
  wipe(t: number): number | null {
    for (const r of this.cuts.replays) {
      for (const at of [r.start, r.end]) {
        const into = t - (at - WIPE_SEC / 2);
        if (into >= 0 && into < WIPE_SEC) return into / WIPE_SEC;
      }
    }
    return null;
  }

  private begin(
    start: number,
    width: [number, number],
    subjects: number,
  ): NonNullable<typeof this.shot> {
    if (this.shot?.start !== start)
      this.shot = {
        start,
        width: this.rng.between(width[0], width[1]),
        subject: this.rng.int(0, Math.max(0, subjects - 1)),
        from: {
          x: this.rng.between(-3, 3),
          y: -this.rng.between(4, 8),
          z: this.rng.between(2.5, 4.5),
        },
      };
    return this.shot;
  }

  private closeUpView(start: number, t: number, scene: LiveScene): ShownView {
    const players = scene.people.filter((p) => p.team !== 2);
    const shot = this.begin(start, [2.5, 4], players.length);
    const p = players[shot.subject] ?? scene.people[0]!;
    // a handheld camera at the court's side, a few metres from the player
    const from = { x: p.x + shot.from.x, y: p.y + shot.from.y - 2, z: 1.7 };
    aim(this.side, from, { x: p.x, y: p.y, z: p.height * 0.6 }, shot.width);
    this.side.roll = 0.01 * Math.sin(t * 1.7);
    return { ...scene, camera: this.side };
  }

  private replayView(replay: Replay, t: number, scene: LiveScene): ShownView {
    const shot = this.begin(replay.start, [6, 10], 1);
    const pace = (replay.sourceEnd - replay.sourceStart) / (replay.end - replay.start);
    const moment = this.momentAt(replay.sourceStart + (t - replay.start) * pace);
    const { length } = scene.game;
    const from = { x: length / 2 + shot.from.x, y: shot.from.y, z: shot.from.z };
    const subject = nearBall(moment);
    shot.look ??= { ...subject };
    shot.look.x += (subject.x - shot.look.x) * 0.08;
    shot.look.y += (subject.y - shot.look.y) * 0.08;
    aim(this.side, from, { ...shot.look, z: 1 }, shot.width);
    this.side.roll = 0;
    const camera = replay.fromMainCamera ? moment.camera : this.side;
    return { people: moment.people, ball: moment.ball, camera };
  }

  private momentAt(t: number): Moment {
    let lo = 0;
    let hi = this.moments.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.moments[mid]!.t < t) lo = mid + 1;
      else hi = mid;
    }
    return this.moments[lo]!;
  }
}

/** Where the players near the ball are (the ball itself can be high above the court). */
function nearBall({ people, ball }: Moment): { x: number; y: number } {
  const near = people.filter((p) => p.team !== 2 && Math.hypot(p.x - ball.x, p.y - ball.y) < 5);
  const group = near.length ? near : people;
  return {
    x: group.reduce((s, p) => s + p.x, 0) / group.length,
    y: group.reduce((s, p) => s + p.y, 0) / group.length,
  };
}

/** Points a camera at `position` towards a target so that `width` metres fill the frame there. */
function aim(c: CameraState, position: Point3, target: Point3, width: number): void {
  c.x = position.x;
  c.y = position.y;
  c.z = position.z;
  const dx = target.x - c.x;
  const dy = target.y - c.y;
  const ground = Math.hypot(dx, dy);
  c.yaw = Math.atan2(dy, dx);
  c.pitch = Math.atan2(c.z - target.z, ground);
  c.focal = Math.hypot(ground, c.z - target.z) / width;
}
