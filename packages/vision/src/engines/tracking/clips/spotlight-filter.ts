import { existsSync } from 'node:fs';
import { MediaError } from '../../../media/media-error.js';
import type { TimeRange, TrackingPlayer, UnnumberedPlayer } from '../tracking-types.js';
import { MAX_SAMPLE_GAP_SEC, STEP_SEC } from '../tuning.js';

/** A chosen player: by number, or picked by photo. */
type ChosenPlayer = TrackingPlayer | UnnumberedPlayer;

/** Debian's fonts-dejavu-core (installed by scripts/setup.sh); FILMROOM_LABEL_FONT overrides it. */
const DEFAULT_LABEL_FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

/**
 * One colour per chosen player, in choice order: bright, far apart from each other, and readable with
 * black digits on them.
 */
export const PLAYER_COLOURS: readonly string[] = [
  '#ffd400', // yellow
  '#00e5ff', // cyan
  '#ff4fd8', // magenta
  '#7dff3a', // lime
  '#ff8c1a', // orange
  '#ffffff', // white
];

/** Where the box goes while the player is off screen: outside any picture. */
const HIDDEN = -10000;

export interface SpotlightOptions {
  /** Height of the source picture, which sets the label size. */
  frameHeight: number;
  fps: number;
  /** Where the caller writes `commands` (the graph reads them from there). */
  commandFile: string;
  /** TrueType font of the labels (DejaVu Sans Bold by default). */
  fontFile?: string;
  /** Thickness of the box outline in pixels. */
  thickness?: number;
}

export interface SpotlightGraph {
  /** `-filter_complex_script` body: [0:v] in, [v] out. */
  filter: string;
  /** sendcmd script that moves each player's box and label along their path. */
  commands: string;
}

/** The label font, or a clear error when it is not installed. */
export function labelFont(
  fontFile = process.env.FILMROOM_LABEL_FONT || DEFAULT_LABEL_FONT,
): string {
  if (!existsSync(fontFile)) {
    throw new MediaError(
      'FFMPEG_FAILED',
      'The clips could not be rendered.',
      `The player label font ${fontFile} is missing: install fonts-dejavu-core (scripts/setup.sh does).`,
    );
  }
  return fontFile;
}

function boxAt(path: TrackingPlayer['path'], t: number): [number, number, number, number] | null {
  for (let i = 0; i + 1 < path.length; i++) {
    const a = path[i]!;
    const b = path[i + 1]!;
    if (t < a[0] || t > b[0]) continue;
    if (b[0] - a[0] > MAX_SAMPLE_GAP_SEC) return null;
    const k = b[0] > a[0] ? (t - a[0]) / (b[0] - a[0]) : 0;
    return [
      a[1] + (b[1] - a[1]) * k,
      a[2] + (b[2] - a[2]) * k,
      a[3] + (b[3] - a[3]) * k,
      a[4] + (b[4] - a[4]) * k,
    ];
  }
  const only = path.length === 1 ? path[0]! : null;
  return only && Math.abs(only[0] - t) <= STEP_SEC ? [only[1], only[2], only[3], only[4]] : null;
}

/**
 * The player's box at each frame of the clip (null while off screen), with the clip time from which
 * it is drawn: half a frame early, so a frame whose timestamp is rounded still gets its own box.
 */
export function frameBoxes(
  player: ChosenPlayer,
  clip: TimeRange,
  fps: number,
): { at: number; box: [number, number, number, number] | null }[] {
  const path = player.path.filter(
    (s) => s[0] >= clip.start - MAX_SAMPLE_GAP_SEC && s[0] <= clip.end + MAX_SAMPLE_GAP_SEC,
  );
  const frames: { at: number; box: [number, number, number, number] | null }[] = [];
  const count = Math.ceil((clip.end - clip.start) * fps);
  for (let k = 0; k < count; k++) {
    const box = boxAt(path, clip.start + k / fps);
    frames.push({
      at: Math.max(0, (k - 0.5) / fps),
      box: box && (box.map((v) => Math.round(v)) as [number, number, number, number]),
    });
  }
  return frames;
}

/** Label size for a picture height: digits a person reads on a phone, whatever the film's size. */
export function labelSize(
  frameHeight: number,
  text: string,
): { w: number; h: number; font: number } {
  const font = Math.max(14, Math.round(frameHeight * 0.035));
  const even = (v: number) => 2 * Math.ceil(v / 2);
  return { w: even(font * (0.75 * text.length + 0.6)), h: even(font * 1.4), font };
}

const ffColour = (hex: string) => `0x${hex.slice(1)}`;

/** Escapes a value for a filtergraph option inside single quotes. */
const quoted = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "'\\''")}'`;

/**
 * The spotlight of one clip (its own timeline starts at 0, `clip.start` in the source): each chosen
 * player gets a box and, above it, a label with their number, both in the player's colour, moved
 * along the tracked path by sendcmd, frame by frame. The graph has a fixed number of filters per
 * player and the command script one line per frame, so the work grows linearly with the clip's
 * length (the earlier graph of one drawbox per step made every frame pass thousands of filters).
 */
export function spotlightGraph(
  players: readonly ChosenPlayer[],
  clip: TimeRange,
  options: SpotlightOptions,
): SpotlightGraph {
  const thickness = options.thickness ?? 4;
  const font = options.fontFile ?? labelFont();
  const byTime = new Map<string, string[]>();
  const command = (at: number, line: string) => {
    const key = at.toFixed(3);
    const lines = byTime.get(key) ?? [];
    lines.push(line);
    byTime.set(key, lines);
  };
  const chains: string[] = [];
  let main = '';
  players.forEach((player, i) => {
    const colour = PLAYER_COLOURS[i % PLAYER_COLOURS.length]!;
    // a player picked by photo has no number to show: a pointer marks them
    const text = 'number' in player ? `#${player.number}` : '\u25bc';
    const label = labelSize(options.frameHeight, text);
    main += `,drawbox@box${i}=x=${HIDDEN}:y=0:w=1:h=1:color=${ffColour(colour)}@0.9:t=${thickness}`;
    chains.push(
      `color=c=${ffColour(colour)}:s=${label.w}x${label.h}:r=${options.fps},` +
        `drawtext=fontfile=${quoted(font)}:text=${quoted(text)}:fontsize=${label.font}:` +
        `fontcolor=black:x=(w-text_w)/2:y=(h-text_h)/2[tag${i}]`,
    );
    let drawn = `drawbox@box${i} x ${HIDDEN}, overlay@tag${i} x ${HIDDEN}`;
    for (const { at, box } of frameBoxes(player, clip, options.fps)) {
      let line = `drawbox@box${i} x ${HIDDEN}, overlay@tag${i} x ${HIDDEN}`;
      if (box) {
        const [x, y, w, h] = box;
        const pad = Math.round(w * 0.15);
        const tagX = Math.round(x + w / 2 - label.w / 2);
        const tagY = Math.max(0, y - pad - label.h - 4);
        line = [
          `drawbox@box${i} x ${x - pad}`,
          `drawbox@box${i} y ${y - pad}`,
          `drawbox@box${i} w ${w + 2 * pad}`,
          `drawbox@box${i} h ${h + 2 * pad}`,
          `overlay@tag${i} x ${tagX}`,
          `overlay@tag${i} y ${tagY}`,
        ].join(', ');
      }
      // a player standing still needs no command
      if (line !== drawn) command(at, line);
      drawn = line;
    }
  });
  let last = 'boxed';
  const overlays = players.map((_, i) => {
    const next = `tagged${i}`;
    const step = `[${last}][tag${i}]overlay@tag${i}=x=${HIDDEN}:y=0:shortest=1[${next}]`;
    last = next;
    return step;
  });
  const commands = [...byTime.entries()]
    .map(([at, lines]) => `${at} ${lines.join(', ')};`)
    .join('\n');
  // sendcmd refuses an empty script: with no box to move (no chosen player tracked inside this
  // clip) the boxes and labels simply stay hidden
  const head = `[0:v]setpts=PTS-STARTPTS${commands ? `,sendcmd=f=${quoted(options.commandFile)}` : ''}`;
  const filter = [
    `${head}${main}[boxed]`,
    ...chains,
    ...overlays,
    `[${last}]format=yuv420p[v]`,
  ].join(';\n');
  return { filter, commands };
}
