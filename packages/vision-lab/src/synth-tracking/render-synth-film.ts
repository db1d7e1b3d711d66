import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Box, PersonFinder } from '@filmroom/vision/perception';
import { ffmpegPath } from '@filmroom/vision/media';
import type {
  Lighting,
  SynthFilmTruth,
  SynthFrameTruth,
  SynthPlayer,
  SynthScenario,
  TeamLetter,
} from './film-types.js';
import { dressSprite, spriteRole, type Kit, type SourceRole } from './recolour-sprite.js';
import { seededRandom } from './seeded-random.js';
import { sharedMediaDir } from '@filmroom/test-media';
import { drawnSpriteBank } from './drawn-sprites.js';
import { buildSpriteBank, scaleSprite, type PersonSprite } from './sprite-bank.js';

const WIDTH = 1280;
const HEIGHT = 720;
const WORLD_WIDTH = 2300;
const FPS = 25;
const FILM_VERSION = 2;
/** Version of the films with drawn players (their cache names differ from the broadcast-frame ones). */
const DRAWN_FILM_VERSION = 1;
/** Keepers wear a colour of their own: the engine must not let it split or pollute their team. */
const KEEPER_KIT: Kit = { primary: '#f28a00', secondary: '#1a1a1a', numberColour: '#1a1a1a' };

/** Real broadcast frame whose players become the synthetic films' sprites. */
export function spriteSourceFrame(): string {
  return join(sharedMediaDir(), 'frames', 'football_frame.jpg');
}

/** The package's git-ignored cache folder for generated media. */
export function synthCacheDir(): string {
  return fileURLToPath(new URL('../../.cache/synth-tracking/', import.meta.url));
}

/** Per-channel gains in linear light (exposure included) of each lighting. */
export const LIGHTS: Record<Lighting, readonly [number, number, number]> = {
  neutral: [1, 1, 1],
  'warm-floodlight': [1.0, 0.82, 0.55],
  'cool-shade': [0.55, 0.65, 0.85],
  'indoor-tungsten': [0.9, 0.65, 0.38],
};

/** An 8-bit lookup per channel: the light's gain applied in linear light. */
function lightTables(lighting: Lighting): Uint8Array[] {
  return LIGHTS[lighting].map((gain) =>
    Uint8Array.from({ length: 256 }, (_, c) => {
      const v = c / 255;
      const lin = Math.min(1, (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4) * gain);
      return Math.round(255 * (lin <= 0.0031308 ? 12.92 * lin : 1.055 * lin ** (1 / 2.4) - 0.055));
    }),
  );
}

function applyLight(frame: Buffer, tables: readonly Uint8Array[]): void {
  for (let o = 0; o < frame.length; o += 3) {
    frame[o] = tables[0]![frame[o]!]!;
    frame[o + 1] = tables[1]![frame[o + 1]!]!;
    frame[o + 2] = tables[2]![frame[o + 2]!]!;
  }
}

interface Actor {
  player: SynthPlayer;
  withNumber: PersonSprite;
  withoutNumber: PersonSprite;
  tight: [number, number, number, number];
  x: number;
  y: number;
  targetX: number;
  targetY: number;
  speed: number;
  /** Times (s) at which the player turns; the number shows on even-indexed stretches. */
  turns: number[];
  facingAwayFirst: boolean;
}

function groundTexture(random: () => number): Buffer {
  const data = Buffer.alloc(WORLD_WIDTH * HEIGHT * 3);
  const stripe = 110;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WORLD_WIDTH; x++) {
      const light = Math.floor(x / stripe) % 2 === 0;
      const noise = (random() - 0.5) * 14;
      const o = (y * WORLD_WIDTH + x) * 3;
      data[o] = Math.max(0, Math.min(255, (light ? 66 : 58) + noise));
      data[o + 1] = Math.max(0, Math.min(255, (light ? 146 : 130) + noise));
      data[o + 2] = Math.max(0, Math.min(255, (light ? 60 : 52) + noise));
    }
  }
  // field markings: halfway line, a centre circle and a box line, for texture the camera can be matched on
  const paint = (x: number, y: number): void => {
    if (x < 0 || y < 0 || x >= WORLD_WIDTH || y >= HEIGHT) return;
    const o = (Math.round(y) * WORLD_WIDTH + Math.round(x)) * 3;
    data[o] = 225;
    data[o + 1] = 230;
    data[o + 2] = 225;
  };
  for (let y = 0; y < HEIGHT; y++) for (let w = -2; w <= 2; w++) paint(WORLD_WIDTH / 2 + w, y);
  for (let a = 0; a < Math.PI * 2; a += 0.001) {
    for (let w = -2; w <= 2; w++)
      paint(WORLD_WIDTH / 2 + (150 + w) * Math.cos(a), HEIGHT / 2 + (150 + w) * Math.sin(a));
  }
  for (let x = 200; x < 600; x++) for (let w = -2; w <= 2; w++) paint(x, 180 + w);
  for (let y = 180; y < 560; y++) for (let w = -2; w <= 2; w++) paint(600 + w, y);
  return data;
}

function blend(frame: Buffer, sprite: PersonSprite, left: number, top: number): void {
  for (let sy = 0; sy < sprite.height; sy++) {
    const fy = top + sy;
    if (fy < 0 || fy >= HEIGHT) continue;
    for (let sx = 0; sx < sprite.width; sx++) {
      const fx = left + sx;
      if (fx < 0 || fx >= WIDTH) continue;
      const s = (sy * sprite.width + sx) * 4;
      const alpha = (sprite.rgba[s + 3] ?? 0) / 255;
      if (alpha === 0) continue;
      const o = (fy * WIDTH + fx) * 3;
      for (let c = 0; c < 3; c++) {
        frame[o + c] = Math.round(
          (sprite.rgba[s + c] ?? 0) * alpha + (frame[o + c] ?? 0) * (1 - alpha),
        );
      }
    }
  }
}

function isFacingAway(actor: Actor, t: number): boolean {
  const stretch = actor.turns.filter((turn) => turn <= t).length;
  return stretch % 2 === 0 ? actor.facingAwayFirst : !actor.facingAwayFirst;
}

async function castActors(
  scenario: SynthScenario,
  bank: PersonSprite[],
  random: () => number,
): Promise<Actor[]> {
  const byRole = new Map<SourceRole, PersonSprite[]>();
  for (const s of bank) {
    const role = spriteRole(s);
    byRole.set(role, [...(byRole.get(role) ?? []), s]);
  }
  const outfield = byRole.get('outfield') ?? [];
  if (outfield.length === 0)
    throw new Error('No outfield player sprites were found on the source frame.');
  const cast: { player: SynthPlayer; sprite: PersonSprite }[] = [];
  let id = 0;
  const numbersA = [4, 7, 10, 14, 23, 8, 19];
  const numbersB = [7, 9, 11, 16, 21, 5, 32];
  for (const team of ['A', 'B'] as TeamLetter[]) {
    const numbers = team === 'A' ? numbersA : numbersB;
    for (let i = 0; i < scenario.playersPerTeam; i++) {
      const sprite = outfield[(id * 3 + i) % outfield.length];
      if (!sprite) continue;
      cast.push({
        player: { id: id++, role: 'outfield', teamLetter: team, number: numbers[i] ?? 40 + i },
        sprite,
      });
    }
  }
  const referee = byRole.get('referee')?.[0];
  if (scenario.withReferee && referee) {
    cast.push({
      player: { id: id++, role: 'referee', teamLetter: null, number: null },
      sprite: referee,
    });
  }
  const keeper = outfield[outfield.length - 1];
  if (scenario.withKeeper && keeper) {
    cast.push({ player: { id: id++, role: 'keeper', teamLetter: 'A', number: 1 }, sprite: keeper });
  }
  const actors: Actor[] = [];
  for (const { player, sprite } of cast) {
    const personHeight = 150 + random() * 60;
    const { sprite: scaled, tight } = await scaleSprite(sprite, personHeight);
    const kit: Kit | null =
      player.role === 'keeper'
        ? KEEPER_KIT
        : player.teamLetter && player.role === 'outfield'
          ? scenario.kits[player.teamLetter]
          : null;
    const withNumber = kit
      ? { ...scaled, rgba: await dressSprite(scaled, kit, player.number) }
      : scaled;
    const withoutNumber = kit ? { ...scaled, rgba: await dressSprite(scaled, kit, null) } : scaled;
    const turns: number[] = [];
    for (let t = 1 + random() * 3; t < scenario.durationSec; t += 1.5 + random() * 3) turns.push(t);
    const x = 100 + random() * (WORLD_WIDTH - 200);
    const y = personHeight + 20 + random() * (HEIGHT - personHeight - 40);
    actors.push({
      player,
      withNumber,
      withoutNumber,
      tight,
      x,
      y,
      targetX: x,
      targetY: y,
      speed: 60 + random() * 110,
      turns,
      facingAwayFirst: random() < 0.6,
    });
  }
  return actors;
}

function moveActor(actor: Actor, dt: number, random: () => number): void {
  const dx = actor.targetX - actor.x;
  const dy = actor.targetY - actor.y;
  const dist = Math.hypot(dx, dy);
  if (dist < 5) {
    actor.targetX = 100 + random() * (WORLD_WIDTH - 200);
    const h = actor.withNumber.feetRow - actor.withNumber.headRow;
    actor.targetY = h + 20 + random() * (HEIGHT - h - 40);
    return;
  }
  const step = Math.min(dist, actor.speed * dt);
  actor.x += (dx / dist) * step;
  actor.y += (dy / dist) * step;
}

type FinderSource = PersonFinder | (() => Promise<PersonFinder>);

/** The scenario's player sprites; the detector is asked for only to cut people from a real frame. */
async function spriteBank(scenario: SynthScenario, finder: FinderSource): Promise<PersonSprite[]> {
  if ((scenario.sprites ?? 'drawn') === 'drawn') return drawnSpriteBank();
  return buildSpriteBank(
    spriteSourceFrame(),
    typeof finder === 'function' ? await finder() : finder,
  );
}

/** Renders a synthetic film (H.264 MP4) and its exact per-frame ground truth. */
export async function renderSynthFilm(
  scenario: SynthScenario,
  finder: FinderSource,
  videoPath: string,
): Promise<SynthFilmTruth> {
  const random = seededRandom(scenario.seed);
  const bank = await spriteBank(scenario, finder);
  const actors = await castActors(scenario, bank, random);
  const ground = groundTexture(random);
  await mkdir(dirname(videoPath), { recursive: true });
  const encoder = spawn(
    ffmpegPath(),
    [
      '-y',
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-s',
      `${WIDTH}x${HEIGHT}`,
      '-r',
      String(FPS),
      '-i',
      'pipe:0',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '21',
      '-pix_fmt',
      'yuv420p',
      '-g',
      String(FPS * 2),
      '-movflags',
      '+faststart',
      videoPath,
    ],
    { stdio: ['pipe', 'ignore', 'pipe'] },
  );
  let stderr = '';
  encoder.stderr.setEncoding('utf8');
  encoder.stderr.on('data', (c: string) => (stderr += c));
  const finished = new Promise<number | null>((resolve) => encoder.on('close', resolve));
  const frames: SynthFrameTruth[] = [];
  const total = Math.round(scenario.durationSec * FPS);
  const lighting = scenario.lighting ?? 'neutral';
  const light = lighting === 'neutral' ? null : lightTables(lighting);
  let camera = 0;
  for (let i = 0; i < total; i++) {
    const t = i / FPS;
    if (i > 0) for (const a of actors) moveActor(a, 1 / FPS, random);
    // the camera follows the players' centre of mass with a speed limit, like an operator panning
    const centre = actors.reduce((s, a) => s + a.x, 0) / actors.length - WIDTH / 2;
    const wanted = Math.max(0, Math.min(WORLD_WIDTH - WIDTH, centre + 350 * Math.sin(t / 3)));
    camera += Math.max(-12, Math.min(12, wanted - camera));
    const cam = Math.round(camera);
    const frame = Buffer.alloc(WIDTH * HEIGHT * 3);
    for (let y = 0; y < HEIGHT; y++) {
      ground.copy(
        frame,
        y * WIDTH * 3,
        (y * WORLD_WIDTH + cam) * 3,
        (y * WORLD_WIDTH + cam + WIDTH) * 3,
      );
    }
    const boxes: SynthFrameTruth['boxes'] = [];
    for (const a of [...actors].sort((p, q) => p.y - q.y)) {
      const away = isFacingAway(a, t);
      const sprite = away ? a.withNumber : a.withoutNumber;
      const left = Math.round(a.x - sprite.width / 2) - cam;
      const top = Math.round(a.y - sprite.feetRow);
      blend(frame, sprite, left, top);
      const box: Box = [left + a.tight[0], top + a.tight[1], a.tight[2], a.tight[3]];
      const ix = Math.max(0, Math.min(WIDTH, box[0] + box[2]) - Math.max(0, box[0]));
      if (ix / box[2] >= 0.5) {
        boxes.push({
          id: a.player.id,
          box,
          numberVisible: away && a.player.number !== null && ix / box[2] > 0.9,
        });
      }
    }
    frames.push({ timeSec: t, boxes });
    if (light) applyLight(frame, light);
    if (!encoder.stdin.write(frame))
      await new Promise((resolve) => encoder.stdin.once('drain', resolve));
  }
  encoder.stdin.end();
  const code = await finished;
  if (code !== 0) throw new Error(`ffmpeg could not encode the synthetic film: ${stderr.trim()}`);
  return {
    name: scenario.name,
    width: WIDTH,
    height: HEIGHT,
    fps: FPS,
    durationSec: total / FPS,
    kits: scenario.kits,
    ...(scenario.lighting ? { lighting: scenario.lighting } : {}),
    players: actors.map((a) => a.player),
    frames,
  };
}

/**
 * Returns a cached synthetic film (rendering it on first use) with its ground truth. The film is
 * renamed into place after its truth is written, so parallel test runs never read a half-written one.
 */
export async function cachedSynthFilm(
  scenario: SynthScenario,
  /** Asked for only when the film must be rendered (its sprites are cut out by the detector). */
  finder: () => Promise<PersonFinder>,
  dir: string = synthCacheDir(),
): Promise<{ videoPath: string; truth: SynthFilmTruth }> {
  const version =
    (scenario.sprites ?? 'drawn') === 'drawn' ? `drawn-v${DRAWN_FILM_VERSION}` : `v${FILM_VERSION}`;
  const lit = scenario.lighting && scenario.lighting !== 'neutral' ? `-${scenario.lighting}` : '';
  const base = join(
    dir,
    `${scenario.name}-${version}-s${scenario.seed}-${scenario.durationSec}s${lit}`,
  );
  const videoPath = `${base}.mp4`;
  const truthPath = `${base}.json`;
  try {
    await access(videoPath);
    const truth = JSON.parse(await readFile(truthPath, 'utf8')) as SynthFilmTruth;
    return { videoPath, truth };
  } catch {
    const partial = `${base}.${process.pid}-${randomUUID()}.partial`;
    try {
      const truth = await renderSynthFilm(scenario, finder, `${partial}.mp4`);
      await writeFile(`${partial}.json`, JSON.stringify(truth));
      await rename(`${partial}.json`, truthPath);
      await rename(`${partial}.mp4`, videoPath);
      return { videoPath, truth };
    } finally {
      await rm(`${partial}.mp4`, { force: true });
      await rm(`${partial}.json`, { force: true });
    }
  }
}

/** Keeps sharp's thread pool small: the films render beside the detector on a 2-core machine. */
sharp.concurrency(1);
