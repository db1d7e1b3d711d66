import { ffmpegPath, mediaInputArgs, runProcess } from '@filmroom/vision/media';

/** Where a player stands best seen: a time in the film and a box [x, y, w, h] in its pixels. */
export interface PlayerSighting {
  time: number;
  box: readonly [number, number, number, number];
}

/** Margin around the box, as a share of its size, so the crop shows the whole player. */
const MARGIN = 0.15;

/**
 * A crop this short is enlarged to it (Lanczos): a far player's number is legible to a person only
 * enlarged. Taller crops keep their pixels.
 */
const MIN_HEIGHT = 160;

/** A JPEG crop of a player at a sighting, with some margin, at least `MIN_HEIGHT` px high. */
export async function cropPlayerPhoto(options: {
  input: string;
  sighting: PlayerSighting;
  output: string;
  signal?: AbortSignal;
}): Promise<void> {
  const [x, y, w, h] = options.sighting.box;
  const cx = Math.max(0, Math.round(x - w * MARGIN));
  const cy = Math.max(0, Math.round(y - h * MARGIN));
  const cw = Math.max(8, Math.round(w * (1 + 2 * MARGIN)));
  const ch = Math.max(8, Math.round(h * (1 + 2 * MARGIN)));
  const result = await runProcess(
    ffmpegPath(),
    [
      '-hide_banner',
      '-y',
      '-ss',
      Math.max(0, options.sighting.time).toFixed(3),
      ...mediaInputArgs(options.input),
      '-frames:v',
      '1',
      '-vf',
      `crop='min(${cw},iw-${cx})':'min(${ch},ih-${cy})':${cx}:${cy},scale=-2:'max(${MIN_HEIGHT},ih)':flags=lanczos`,
      '-q:v',
      '3',
      options.output,
    ],
    { signal: options.signal },
  );
  if (result.code !== 0) throw new Error(`Player photo failed: ${result.stderr.slice(-300)}`);
}
