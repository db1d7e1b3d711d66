/**
 * How the trained reader and PP-OCR are best combined on one crop, judged on real crops the reader
 * never trained on: the soccer tracks held out by `prepare-real-crops` (every fifth track), the
 * basketball set's own valid split, and the bench's 35 crops. Prints, per set, how many crops each
 * rule reads right and how many it reads wrong (a wrong number is worse than none: it lists a player
 * nobody wears).
 *
 *   npm run trial:number-fusion -w @filmroom/vision-lab
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  readImageRgb,
  DigitReader,
  type DigitReading,
  fuseReads,
  NUMBER_READER_MODEL,
  NumberRecognizer,
  combineReads,
  ocrReads,
} from '@filmroom/vision/perception';
import { sharedMediaDir } from '@filmroom/test-media';

interface Crop {
  file: string;
  number: string;
}

async function rows(
  folder: string,
  keep: (row: Record<string, string>) => boolean,
): Promise<Crop[]> {
  const lines = (await readFile(join(folder, 'labels.tsv'), 'utf8')).trim().split('\n');
  const header = lines[0]!.split('\t');
  return lines
    .slice(1)
    .map((line) => Object.fromEntries(line.split('\t').map((v, i) => [header[i]!, v])))
    .filter(keep)
    .map((row) => ({ file: join(folder, row.file!), number: row.number! }));
}

interface Rule {
  name: string;
  decide(ocr: { text: string; confidence: number }[], reading: DigitReading): string | null;
}

const RULES: Rule[] = [
  {
    name: 'PP-OCR (read-number)',
    decide: (ocr) => {
      const read = combineReads(ocr, 0.3);
      return read.number === null ? null : String(read.number);
    },
  },
  {
    name: 'reader alone',
    decide: (_ocr, reading) => {
      const best = reading.best();
      return best.text && best.probability >= 0.5 ? best.text : null;
    },
  },
  ...[0.1, 0.3, 0.5].flatMap((spread) =>
    [0.4, 0.6].map((min) => ({
      name: `fused spread ${spread}, >= ${min}`,
      decide: (ocr: { text: string; confidence: number }[], reading: DigitReading) => {
        const read = fuseReads(ocr, reading, spread);
        return read.confidence >= min ? read.text : null;
      },
    })),
  ),
];

async function main(): Promise<void> {
  const media = sharedMediaDir();
  const datasets = join(media, '..', 'datasets');
  const sets: [string, Crop[]][] = [
    [
      'soccer tracks held out',
      await rows(join(datasets, 'jersey-crops-soccer'), (r) => Number(r.track) % 5 === 0),
    ],
    [
      'basketball valid',
      await rows(join(datasets, 'jersey-crops-basketball'), (r) => r.split !== 'train'),
    ],
    ['bench crops', await rows(join(media, 'jersey-crops'), () => true)],
  ];
  const recognizer = await NumberRecognizer.create();
  const reader = await DigitReader.create(process.env.NUMBER_READER_MODEL ?? NUMBER_READER_MODEL);
  for (const [name, crops] of sets) {
    const right = RULES.map(() => 0);
    const wrong = RULES.map(() => 0);
    for (const crop of crops) {
      const image = await readImageRgb(crop.file);
      const ocr = await ocrReads(recognizer, image);
      const [reading] = await reader.read([image]);
      RULES.forEach((rule, i) => {
        const read = rule.decide(ocr, reading!);
        if (read === crop.number) right[i]!++;
        else if (read !== null) wrong[i]!++;
      });
    }
    console.log(`\n${name} (${crops.length} crops)`);
    RULES.forEach((rule, i) => {
      const share = (n: number) => `${((100 * n) / crops.length).toFixed(1)}%`;
      console.log(`  ${rule.name.padEnd(24)} right ${share(right[i]!)}  wrong ${share(wrong[i]!)}`);
    });
  }
  await reader.close();
  await recognizer.close();
}

await main();
