import { describe, expect, it } from 'vitest';
import type { TrackingAnalysis, TrackingPlayer, UnnumberedPlayer } from '../tracking-types.js';
import { ClipPlanError, planClips } from './plan-clips.js';
import { labelFont, spotlightGraph } from './spotlight-filter.js';

const player = (
  teamLetter: 'A' | 'B',
  number: number,
  appearances: [number, number][],
): TrackingPlayer => ({
  id: `${teamLetter}-${number}`,
  teamLetter,
  number,
  confidence: 0.9,
  appearances: appearances.map(([start, end]) => ({ start, end })),
  best: { time: appearances[0]![0], box: [0, 0, 10, 20] },
  // sampled twice a second, walking from x 100 to x 200
  path: appearances.flatMap(([start, end]) =>
    Array.from(
      { length: Math.round((end - start) * 2) + 1 },
      (_, i): [number, number, number, number, number] => {
        const t = start + i / 2;
        return [t, 100 + (100 * (t - start)) / (end - start), 100, 40, 100];
      },
    ),
  ),
});

const unnumbered = (teamLetter: 'A' | 'B', id: string, [start, end]: [number, number]) => {
  const {
    number: _number,
    confidence: _confidence,
    ...rest
  } = player(teamLetter, 0, [[start, end]]);
  return { ...rest, id, onScreenSec: end - start } satisfies UnnumberedPlayer;
};

const analysis: Pick<TrackingAnalysis, 'durationSec' | 'teams' | 'players' | 'unnumbered'> = {
  durationSec: 60,
  teams: [
    { teamLetter: 'A', primaryColor: '#c8102e', secondaryColor: '#ffffff', players: [7, 12] },
    { teamLetter: 'B', primaryColor: '#1d3f9e', secondaryColor: '#f2c500', players: [7] },
  ],
  players: [
    player('A', 7, [
      [0.5, 5],
      [6, 9],
      [40, 41],
    ]),
    player('A', 12, [[20, 25]]),
    player('B', 7, [[30, 35]]),
  ],
  unnumbered: [unnumbered('A', 'A-p40', [50, 55]), unnumbered('B', 'B-p41', [12, 14])],
};

describe('clip planning', () => {
  it('pads each appearance, merges close ones and clamps to the video', () => {
    const plan = planClips(
      analysis,
      'A',
      { numbers: [7] },
      { padBeforeSec: 1, padAfterSec: 1, joinGapSec: 2 },
    );
    expect(plan.clips).toEqual([
      { start: 0, end: 10 },
      { start: 39, end: 42 },
    ]);
  });

  it('joins the clips of several chosen players and leaves the other team out', () => {
    const plan = planClips(
      analysis,
      'A',
      { numbers: [7, 12] },
      {
        padBeforeSec: 0,
        padAfterSec: 0,
        joinGapSec: 0,
        minClipSec: 0,
      },
    );
    expect(plan.clips.map((c) => c.start)).toEqual([0.5, 6, 20, 40]);
    expect(plan.clips.some((c) => c.start === 30)).toBe(false);
  });

  it("follows a player picked by photo, and only that team's", () => {
    const plan = planClips(analysis, 'A', { numbers: [12], playerIds: ['A-p40'] });
    expect(plan.players.map((p) => p.id)).toEqual(['A-12', 'A-p40']);
    expect(plan.clips.map((c) => c.start)).toEqual([18.5, 48.5]);
    expect(() => planClips(analysis, 'A', { numbers: [], playerIds: ['B-p41'] })).toThrow(
      'A chosen player was not found on team A.',
    );
    expect(() => planClips(analysis, 'A', { numbers: [], playerIds: [] })).toThrow(
      'Choose at least one player.',
    );
  });

  it('marks a player picked by photo with a pointer, since there is no number to show', () => {
    const graph = spotlightGraph(
      [analysis.unnumbered[0]!],
      { start: 49, end: 56 },
      {
        frameHeight: 720,
        fps: 25,
        fontFile: '/fonts/label.ttf',
        commandFile: '/tmp/clip.cmd',
      },
    );
    expect(graph.filter).toContain("text='\u25bc'");
    expect(graph.filter).not.toContain("text='#");
  });

  it('explains when a chosen number is not on the team', () => {
    expect(() => planClips(analysis, 'B', { numbers: [12] })).toThrow(ClipPlanError);
    expect(() => planClips(analysis, 'B', { numbers: [12] })).toThrow(
      'No player with number 12 was found on team B.',
    );
  });

  it("moves each player's box and number label along the tracked path, frame by frame", () => {
    const graph = spotlightGraph(
      [analysis.players[1]!, analysis.players[0]!],
      { start: 19, end: 26 },
      {
        frameHeight: 720,
        fps: 25,
        fontFile: '/fonts/label.ttf',
        commandFile: '/tmp/clip.cmd',
      },
    );
    // one box and one numbered label per player, whatever the clip's length
    expect(graph.filter.match(/drawbox@/g)).toHaveLength(2);
    expect(graph.filter).toContain("text='#12'");
    expect(graph.filter).toContain("text='#7'");
    expect(graph.filter).toContain('color=c=0xffd400');
    expect(graph.filter).toContain('color=c=0x00e5ff');
    // at the clip's 1 s mark (20 s in the source) #12's box sits where the player was first seen
    const line = graph.commands.split('\n').find((l) => l.startsWith('0.980 '));
    const x = Number(/drawbox@box0 x (-?\d+)/.exec(line ?? '')?.[1]);
    expect(x).toBeGreaterThan(90);
    expect(x).toBeLessThan(100);
    // and nothing moves it onto the picture before the player appears
    const first = graph.commands.split('\n').find((l) => l.includes('drawbox@box0'));
    expect(Number(first?.split(' ')[0])).toBeGreaterThan(0.95);
  });

  it('renders a clip in which no chosen player is tracked without any box command', () => {
    // #12 is tracked only from 20 s: a clip of 10–15 s has nothing to move, and sendcmd refuses an
    // empty script, so the graph has no sendcmd and the box and label stay hidden
    const graph = spotlightGraph(
      [analysis.players[1]!],
      { start: 10, end: 15 },
      {
        frameHeight: 720,
        fps: 25,
        fontFile: '/fonts/label.ttf',
        commandFile: '/tmp/clip.cmd',
      },
    );
    expect(graph.commands).toBe('');
    expect(graph.filter).not.toContain('sendcmd');
    expect(graph.filter).toContain('drawbox@box0');
  });

  it('names the missing font package when the label font is not installed', () => {
    expect(() => labelFont('/no/such/font.ttf')).toThrow(
      expect.objectContaining({
        code: 'FFMPEG_FAILED',
        detail: expect.stringContaining('fonts-dejavu-core'),
      }),
    );
  });
});
