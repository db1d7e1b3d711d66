/**
 * Turns the labelled real jersey crops (`../shared/datasets`, and the bench's `../shared/media/jersey-crops`)
 * into the reader's training input, resized exactly as the engine resizes a crop (`resizeRgb`, libvips'
 * cubic): one raw file of 32 x 32 RGB bytes per set and a TSV of labels beside it. Each training crop is
 * also written a few more times cut a little wider or tighter and at lower resolution, since the
 * engine's text boxes are never placed as a person placed these.
 *
 * Soccer crops are split by track (every fifth track held out), never by crop: one track's crops look
 * alike. Basketball crops keep their dataset's own train/valid split.
 *
 *   node dist/number-reader-lab/prepare-real-crops.js <out-folder>
 */
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { type RgbFrame, readImageRgb, resizeRgb } from '@filmroom/vision/perception';
import { seededRandom } from '../synth-tracking/seeded-random.js';
import { sharedMediaDir } from '@filmroom/test-media';

const SIZE = 32;
/** Extra cuts written per training crop (the crop as it is comes first). */
const TRAINING_CUTS = 3;
/** Every this-many-th soccer track is held out. */
const HELD_OUT_EVERY = 5;

interface Row {
  file: string;
  number: string;
  /** 'train' | 'test' (held out) | 'bench' */
  split: string;
  group: string;
}

async function readRows(folder: string): Promise<Record<string, string>[]> {
  const lines = createInterface({ input: createReadStream(join(folder, 'labels.tsv')) });
  const rows: Record<string, string>[] = [];
  let header: string[] | null = null;
  for await (const line of lines) {
    if (!line.trim()) continue;
    const cells = line.split('\t');
    if (!header) header = cells;
    else rows.push(Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ''])));
  }
  return rows;
}

/** A box of the crop (may reach outside it: the edge pixels repeat), as a new frame. */
function cut(frame: RgbFrame, x0: number, y0: number, w: number, h: number): RgbFrame {
  const data = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    const sy = Math.min(frame.height - 1, Math.max(0, y0 + y));
    for (let x = 0; x < w; x++) {
      const sx = Math.min(frame.width - 1, Math.max(0, x0 + x));
      const s = (sy * frame.width + sx) * 3;
      const o = (y * w + x) * 3;
      data[o] = frame.data[s]!;
      data[o + 1] = frame.data[s + 1]!;
      data[o + 2] = frame.data[s + 2]!;
    }
  }
  return { width: w, height: h, data };
}

/** The crop cut up to 10% tighter or 18% wider on each side, sometimes first shrunk (a farther shirt). */
function jittered(frame: RgbFrame, random: () => number): RgbFrame {
  const side = (length: number) => Math.round(length * (-0.1 + random() * 0.28));
  const left = side(frame.width);
  const right = side(frame.width);
  const top = side(frame.height);
  const bottom = side(frame.height);
  const w = Math.max(4, frame.width + left + right);
  const h = Math.max(4, frame.height + top + bottom);
  let out = cut(frame, -left, -top, w, h);
  if (random() < 0.4) {
    const scale = 0.35 + random() * 0.45;
    out = resizeRgb(
      out,
      Math.max(4, Math.round(out.width * scale)),
      Math.max(4, Math.round(out.height * scale)),
    );
  }
  return out;
}

async function writeSet(out: string, name: string, folder: string, rows: Row[]): Promise<void> {
  const pixels = createWriteStream(join(out, `${name}.u8`));
  const labels: string[] = ['number\tsplit\tgroup\tcut'];
  const random = seededRandom(7);
  for (const row of rows) {
    const frame = await readImageRgb(join(folder, row.file));
    const cuts = [frame];
    if (row.split === 'train') {
      for (let i = 0; i < TRAINING_CUTS; i++) cuts.push(jittered(frame, random));
    }
    for (const [i, c] of cuts.entries()) {
      const sized = resizeRgb(c, SIZE, SIZE);
      if (!pixels.write(Buffer.from(sized.data))) {
        await new Promise<void>((resolve) => pixels.once('drain', () => resolve()));
      }
      labels.push(`${row.number}\t${row.split}\t${row.group}\t${i}`);
    }
  }
  await new Promise<void>((resolve) => pixels.end(() => resolve()));
  await writeFile(join(out, `${name}.tsv`), labels.join('\n') + '\n');
  console.log(`${name}: ${rows.length} crops, ${labels.length - 1} inputs`);
}

async function main(): Promise<void> {
  const out = process.argv[2];
  if (!out) throw new Error('usage: prepare-real-crops <out-folder>');
  await mkdir(out, { recursive: true });
  const media = sharedMediaDir();
  const datasets = join(media, '..', 'datasets');
  if (!existsSync(join(datasets, 'README.md'))) throw new Error(`No datasets at ${datasets}`);

  const soccerDir = join(datasets, 'jersey-crops-soccer');
  const soccer = (await readRows(soccerDir)).map((r) => ({
    file: r.file!,
    number: r.number!,
    split: Number(r.track) % HELD_OUT_EVERY === 0 ? 'test' : 'train',
    group: `soccer-${r.track}`,
  }));
  await writeSet(out, 'soccer', soccerDir, soccer);

  const basketballDir = join(datasets, 'jersey-crops-basketball');
  const basketball = (await readRows(basketballDir)).map((r) => ({
    file: r.file!,
    number: r.number!,
    split: r.split === 'train' ? 'train' : 'test',
    group: 'basketball',
  }));
  await writeSet(out, 'basketball', basketballDir, basketball);

  const benchDir = join(media, 'jersey-crops');
  const bench = (await readRows(benchDir)).map((r) => ({
    file: r.file!,
    number: r.number!,
    split: 'bench',
    group: 'bench',
  }));
  await writeSet(out, 'bench', benchDir, bench);
}

await main();
