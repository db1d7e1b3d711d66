import type { Segment } from '@filmroom/vision/media';
import type { Random } from '../random.js';
import { GAMES, type DeadKind, type FilmLook } from './film-style.js';

/** One stretch of a styled film: live play, or one dead-time habit. */
export interface Stretch {
  kind: 'live' | DeadKind;
  start: number;
  end: number;
  /** Timeouts send the players to the bench. */
  timeout?: boolean;
}

export interface StyledTimeline {
  durationSec: number;
  stretches: Stretch[];
  live: Segment[];
  /** Whistle times (s) and whether each ends a play (else readies one, or is another court's). */
  whistles: { at: number; sec: number; endsPlay: boolean }[];
  /** Cuts to another shot (broadcast): close-ups in dead time. */
  closeUps: Segment[];
  /** A rally broadcast's cutaways from the main camera, all in dead time. */
  broadcast?: BroadcastCuts;
}

export interface BroadcastCuts {
  /** Close-ups of one player, from a camera at the court's side. */
  playerShots: Segment[];
  crowdShots: Segment[];
  /** The end of the last play shown again, slowed. */
  replays: Replay[];
}

/** A replay shot of [start, end) showing the play's [sourceStart, sourceEnd) at a slower pace. */
export interface Replay extends Segment {
  sourceStart: number;
  sourceEnd: number;
  /** Shown by the main camera (the pictures of the play again, slowed) rather than from the side. */
  fromMainCamera: boolean;
}

/** Seconds of the main camera a rally broadcast shows before a serve. */
const WIDE_BEFORE_SERVE_SEC = 2.5;

/**
 * A rally broadcast's cutaways in one dead stretch, in the order television shows them: the player
 * who won the point, a replay of the rally's end, the crowd, the next server. Each one that does not
 * fit before the wide shot of the serve is left out.
 */
function rallyBroadcastCuts(
  play: Segment,
  deadStart: number,
  deadEnd: number,
  rng: Random,
  into: BroadcastCuts,
): void {
  const { playerShots, crowdShots, replays } = into;
  const last = deadEnd - WIDE_BEFORE_SERVE_SEC;
  let t = deadStart + rng.between(0.4, 1.5);
  const fits = (sec: number): boolean => t + sec <= last;
  const winner = rng.between(1.5, 3.5);
  if (fits(winner)) {
    playerShots.push({ start: t, end: t + winner });
    t += winner;
  }
  if (rng.chance(0.75)) {
    const sourceSec = Math.min(play.end - play.start, rng.between(2.5, 5));
    const sec = sourceSec / rng.between(0.4, 0.65);
    if (fits(sec)) {
      replays.push({
        start: t,
        end: t + sec,
        sourceStart: play.end - sourceSec,
        sourceEnd: play.end,
        // every other replay, chosen without a random draw so that the rest of the film is as it was
        fromMainCamera: replays.length % 2 === 1,
      });
      t += sec;
    }
  }
  const crowd = rng.between(1.5, 3);
  if (rng.chance(0.35) && fits(crowd)) {
    crowdShots.push({ start: t, end: t + crowd });
    t += crowd;
  }
  const server = rng.between(2, 4);
  if (rng.chance(0.6) && fits(server)) playerShots.push({ start: t, end: t + server });
}

/**
 * Lays out live plays and the dead time between them as a sequence of habits (walking back,
 * huddle, set...) drawn from the game's plan. A film without a game is all dead time.
 */
export function buildStyledTimeline(
  look: FilmLook,
  durationSec: number,
  rng: Random,
): StyledTimeline {
  const stretches: Stretch[] = [];
  const whistles: StyledTimeline['whistles'] = [];
  const closeUps: Segment[] = [];
  const broadcast: BroadcastCuts | undefined = look.rallyBroadcast
    ? { playerShots: [], crowdShots: [], replays: [] }
    : undefined;
  if (look.game === 'none') {
    let t = 0;
    while (t < durationSec) {
      const kind: DeadKind = rng.pick([
        'idle',
        'walk-back',
        'idle',
        'camera-away',
        'jog-to-positions',
      ]);
      const end = Math.min(durationSec, t + rng.between(4, 14));
      stretches.push({ kind, start: t, end });
      t = end;
    }
    return { durationSec, stretches, live: [], whistles, closeUps };
  }
  const game = GAMES[look.game];
  let t = 0;
  if (look.startsLive) {
    const end = rng.between(2, Math.max(2.5, game.liveSec[1] * 0.6));
    stretches.push({ kind: 'live', start: 0, end });
    t = end;
  } else {
    // The film opens in dead time: the last habits before the first play.
    const lead = rng.between(3, 10);
    const habits = game.deadPlan.slice(-2);
    let s = 0;
    for (const [i, h] of habits.entries()) {
      const len = i === habits.length - 1 ? lead - s : lead * rng.between(0.4, 0.7);
      stretches.push({ kind: h.kind, start: s, end: s + len });
      s += len;
    }
    t = lead;
  }
  for (;;) {
    const last = stretches[stretches.length - 1]!;
    if (last.kind !== 'live') {
      const liveSec = rng.between(game.liveSec[0], game.liveSec[1]);
      if (t + liveSec + 3 > durationSec) break;
      stretches.push({ kind: 'live', start: t, end: t + liveSec });
      t += liveSec;
      if (look.whistles && rng.chance(game.endWhistle))
        whistles.push({
          at: t + rng.between(-0.2, 0.6),
          sec: rng.between(0.3, 0.9),
          endsPlay: true,
        });
    }
    // Dead time: habits in the plan's order, or a timeout at the bench.
    const timeout = rng.chance(game.timeoutChance);
    const plan = timeout
      ? [
          { kind: 'bench' as DeadKind, chance: 1, sec: game.timeoutSec },
          ...game.deadPlan.filter(
            (h) => h.kind === 'jog-to-positions' || h.kind === 'set' || h.kind === 'serve-prep',
          ),
        ]
      : game.deadPlan;
    const deadStart = t;
    const target = rng.between(game.deadSec[0], game.deadSec[1]);
    const chosen = plan.filter((h) => rng.chance(h.chance));
    const raw = chosen.map((h) => rng.between(h.sec[0], h.sec[1]));
    const sum = raw.reduce((a, b) => a + b, 0) || 1;
    // Stretch or squeeze the habits to the dead time drawn (timeouts keep their own length).
    const factor = timeout ? 1 : Math.max(0.6, Math.min(1.6, target / sum));
    for (const [i, h] of chosen.entries()) {
      const len = raw[i]! * factor;
      stretches.push({ kind: h.kind, start: t, end: t + len, timeout });
      t += len;
    }
    if (chosen.length === 0) {
      stretches.push({ kind: 'idle', start: t, end: t + target });
      t += target;
    }
    if (look.whistles && rng.chance(game.startWhistle) && t - deadStart > 4)
      whistles.push({ at: t - rng.between(1, 4), sec: rng.between(0.3, 0.7), endsPlay: false });
    if (look.whistles && rng.chance(0.15) && t - deadStart > 10)
      whistles.push({
        at: deadStart + rng.between(3, t - deadStart - 3),
        sec: 0.4,
        endsPlay: false,
      });
    if (look.cuts && t - deadStart > 8 && rng.chance(0.6)) {
      const start = deadStart + rng.between(2, t - deadStart - 5);
      closeUps.push({ start, end: start + rng.between(2, 4) });
    }
    const play = stretches.findLast((s) => s.kind === 'live');
    if (broadcast && play) rallyBroadcastCuts(play, deadStart, t, rng, broadcast);
    if (t >= durationSec) break;
  }
  const lastStretch = stretches[stretches.length - 1]!;
  if (lastStretch.end < durationSec) {
    if (lastStretch.kind === 'live')
      stretches.push({ kind: 'walk-back', start: lastStretch.end, end: durationSec });
    else lastStretch.end = durationSec;
  }
  const kept = stretches.filter((s) => s.start < durationSec);
  kept[kept.length - 1]!.end = durationSec;
  return {
    durationSec,
    stretches: kept,
    live: kept
      .filter((s) => s.kind === 'live')
      .map((s) => ({ start: s.start, end: Math.min(s.end, durationSec) })),
    whistles: whistles.filter((w) => w.at < durationSec - 0.3),
    closeUps: closeUps.filter((c) => c.end < durationSec),
    ...(broadcast && {
      broadcast: {
        playerShots: broadcast.playerShots.filter((c) => c.end < durationSec),
        crowdShots: broadcast.crowdShots.filter((c) => c.end < durationSec),
        replays: broadcast.replays.filter((c) => c.end < durationSec),
      },
    }),
  };
}

export function stretchAt(timeline: StyledTimeline, t: number): Stretch {
  for (const s of timeline.stretches) if (t < s.end) return s;
  return timeline.stretches[timeline.stretches.length - 1]!;
}
