import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath } from './ffmpeg-paths.js';
import { readFrames } from './frame-reader.js';
import { findPictureArea, type PictureArea } from './picture-area.js';
import { probeVideo } from './probe.js';
import { runProcess } from './run-process.js';

let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vision-picture-area-'));
});

afterAll(() => rm(dir, { recursive: true, force: true }));

/** A keyframe a second (15 fps), as phones and cameras write them. */
const ENCODE = [
  ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '26', '-pix_fmt', 'yuv420p'],
  ...['-g', '15'],
];

/** Encodes a few seconds of an ffmpeg lavfi graph (a test pattern, maybe padded with black bars). */
async function lavfiFilm(name: string, graph: string, extra: string[] = []): Promise<string> {
  const path = join(dir, `${name}.mp4`);
  const args = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'];
  args.push('-f', 'lavfi', '-i', graph, '-t', '6', ...ENCODE, ...extra, path);
  const result = await runProcess(ffmpegPath(), args);
  if (result.code !== 0) throw new Error(result.stderr);
  return path;
}

/** The moving test pattern at `size`, padded into `frame` at (x, y) with black. */
function padded(size: string, frame: string, x: number, y: number): string {
  const [w, h] = frame.split('x');
  return `testsrc2=size=${size}:rate=15,pad=${w}:${h}:${x}:${y}:black`;
}

async function areaOf(path: string): Promise<PictureArea> {
  return findPictureArea({ input: path, info: await probeVideo(path) });
}

function expectNear(area: PictureArea, truth: PictureArea): void {
  for (const key of ['x', 'y', 'width', 'height'] as const) {
    expect(
      Math.abs(area[key] - truth[key]),
      `${key}: ${area[key]} vs ${truth[key]}`,
    ).toBeLessThanOrEqual(2);
    expect(area[key] % 2).toBe(0);
  }
}

describe('the picture inside black bars', () => {
  it('is the band between letterbox bars', async () => {
    const film = await lavfiFilm('letterbox', padded('640x272', '640x360', 0, 44));
    expectNear(await areaOf(film), { x: 0, y: 44, width: 640, height: 272 });
  });

  it('is a vertical phone picture between pillarbox bars', async () => {
    const film = await lavfiFilm('pillarbox', padded('204x360', '640x360', 218, 0));
    expectNear(await areaOf(film), { x: 218, y: 0, width: 204, height: 360 });
  });

  it('is the window inside bars on all four sides', async () => {
    const film = await lavfiFilm('windowbox', padded('480x272', '640x360', 80, 44));
    expectNear(await areaOf(film), { x: 80, y: 44, width: 480, height: 272 });
  });

  it('is the whole frame of a film without bars, landscape or 9:16', async () => {
    const wide = await lavfiFilm('no-bars', 'testsrc2=size=640x360:rate=15');
    expect(await areaOf(wide)).toEqual({ x: 0, y: 0, width: 640, height: 360 });
    const vertical = await lavfiFilm('vertical', 'testsrc2=size=360x640:rate=15');
    expect(await areaOf(vertical)).toEqual({ x: 0, y: 0, width: 360, height: 640 });
  });

  it('is the whole frame of a dark scene without bars, even one with a black sky', async () => {
    const film = await lavfiFilm(
      'dark',
      'testsrc2=size=640x360:rate=15,eq=brightness=-0.3:contrast=0.35,noise=alls=6:allf=t',
    );
    expect(await areaOf(film)).toEqual({ x: 0, y: 0, width: 640, height: 360 });
    // a black night sky above the field, all film long, is not a letterbox: bars come in pairs
    const sky = await lavfiFilm(
      'night-sky',
      'testsrc2=size=640x360:rate=15,drawbox=x=0:y=0:w=640:h=60:color=black:t=fill',
    );
    expect(await areaOf(sky)).toEqual({ x: 0, y: 0, width: 640, height: 360 });
  });

  it('ignores bars that come and go', async () => {
    const path = join(dir, 'bars-come-and-go.mp4');
    const graph =
      'testsrc2=size=640x360:rate=15:duration=8[full];' +
      'testsrc2=size=640x272:rate=15:duration=4,pad=640:360:0:44:black[boxed];' +
      '[full][boxed]concat=n=2:v=1:a=0';
    const args = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'];
    args.push('-f', 'lavfi', '-i', graph, ...ENCODE, path);
    expect((await runProcess(ffmpegPath(), args)).code).toBe(0);
    expect(await areaOf(path)).toEqual({ x: 0, y: 0, width: 640, height: 360 });
  });

  it('is found in the picture as displayed when the phone recorded with a rotation', async () => {
    // stored landscape with bars at top and bottom, displayed upright: the bars stand left and right
    const stored = await lavfiFilm('stored', padded('640x272', '640x360', 0, 44));
    const rotated = join(dir, 'rotated.mp4');
    const result = await runProcess(ffmpegPath(), [
      '-nostdin',
      '-loglevel',
      'error',
      '-y',
      '-i',
      stored,
      '-c',
      'copy',
      '-metadata:s:v:0',
      'rotate=90',
      rotated,
    ]);
    expect(result.code).toBe(0);
    const info = await probeVideo(rotated);
    expect([90, 270]).toContain(info.video?.rotation);
    const area = await findPictureArea({ input: rotated, info });
    expectNear(area, { x: 44, y: 0, width: 272, height: 640 });
    // and the frame reader reads exactly that picture
    const frames = [];
    for await (const f of readFrames({ input: rotated, info, fps: 1, width: 136, crop: area }))
      frames.push(f);
    expect(frames[0]?.height).toBe(320);
  });
});
