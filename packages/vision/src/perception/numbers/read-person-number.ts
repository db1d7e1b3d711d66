import type { Box, RgbFrame } from '../detector/types.js';
import {
  BODY_LOOKS,
  isCutCloseUp,
  locateNumbers,
  LOWER_BODY_LOOK,
  marginCrop,
  upperBody,
  type UpperBody,
} from './locate-number.js';
import type { NumberRead, NumberRecognizer } from './number-recognizer.js';
import type { DigitReader } from './digit-reader.js';
import {
  DEFAULT_MIN_FUSED,
  isPlausibleNumber,
  readTextBox,
  type JerseyRead,
} from './read-jersey-number.js';
import type { TextDetector } from './text-detector.js';

/** Text boxes read per person (the surest first): a name plate and a number, a sleeve number. */
const MAX_TEXT_BOXES = 2;
/** A read this sure ends the look (the other crops cost time and rarely beat it). */
const SURE = 0.95;
/**
 * The parts of a text box that are read, as shares of it (x, y, width, height): whole, and without
 * its top 30% (a name plate above the number is often found in the same box).
 */
const TEXT_PARTS: readonly Share[] = [
  [0, 0, 1, 1],
  [0, 0.3, 1, 0.7],
];
/**
 * When neither reads anything (≥ `WINDOW_WHEN_BELOW`): windows half the box's height at three
 * heights, over its middle 80% and 60%, and the windows vote. The detector often finds a back's
 * plate, number and the shirt below as one region, and the recogniser reads a number only from a
 * crop about the number's height (red youth-football shirts with outlined navy digits read nothing
 * whole). A window can cut a digit off ('7' for a 77, '0' for a 10): its one-digit reads are not
 * taken. A two-digit number counts only when at least `WINDOW_AGREE` window reads of
 * `WINDOW_MIN_READ` or more give it and it holds `WINDOW_SHARE` of their confidence (a window that
 * catches a sleeve reads '17' for a 77 that four windows read whole).
 */
const WINDOW_PARTS: readonly Share[] = [0.15, 0.3, 0.45].flatMap((y): Share[] => [
  [0.1, y, 0.8, 0.5],
  [0.2, y, 0.6, 0.5],
]);
const WINDOW_WHEN_BELOW = 0.5;
const WINDOW_MIN_READ = 0.5;
const WINDOW_AGREE = 2;
const WINDOW_SHARE = 0.6;

type Share = readonly [number, number, number, number];

/** A sure read of a digit string that is no shirt number (three digits, a leading zero). */
function isSureOtherDigits(read: NumberRead): boolean {
  return read.confidence >= SURE && /^\d+$/.test(read.text) && !isPlausibleNumber(read.text);
}

function partOf([x, y, w, h]: Box, [px, py, pw, ph]: Share): Box {
  return [
    Math.round(x + w * px),
    Math.round(y + h * py),
    Math.max(1, Math.round(w * pw)),
    Math.max(1, Math.round(h * ph)),
  ];
}

/**
 * Reads the shirt number of the person in `box` wherever it sits on the body: text detection on the
 * upscaled upper body finds the number (back or front, upright or bent), the recogniser reads each
 * number-shaped text box twice (as found, and stretched sideways: jersey digits are narrower than
 * the text it learnt), and once more without its top third (a name plate above the number is often
 * found in the same box), and through windows over its rows when neither reads; a box read whole
 * surely as digits no shirt carries ('007') is not read in pieces. The surest plausible read wins
 * (the first at 0.95 or more ends the look); `null` number when none. `look` counts the track's looks
 * so far: each takes the next of the body scales. A close-up cut off below whose upper body shows no
 * number is looked at once more lower down (`LOWER_BODY_LOOK`). With the trained reader (`digits`),
 * each text box's reads are fused with its reading of the box (`readTextBox`); windows stay PP-OCR's.
 */
export async function readPersonNumber(
  detector: TextDetector,
  recognizer: NumberRecognizer,
  frame: RgbFrame,
  box: Box,
  look = 0,
  digits: DigitReader | null = null,
): Promise<JerseyRead & { textBoxes: number }> {
  const body = upperBody(frame, box, BODY_LOOKS[look % BODY_LOOKS.length]);
  const found = await readBody(detector, recognizer, digits, body, box);
  if (found.number !== null || !isCutCloseUp(frame, box)) return found;
  // a close-up cut off below: its number may lie under the upper body, so look there too
  const lower = upperBody(frame, box, LOWER_BODY_LOOK);
  const below = await readBody(detector, recognizer, digits, lower, box);
  return {
    ...(below.number !== null ? below : found),
    textBoxes: found.textBoxes + below.textBoxes,
  };
}

/** The surest plausible number in the text boxes of one picture of the person. */
async function readBody(
  detector: TextDetector,
  recognizer: NumberRecognizer,
  digits: DigitReader | null,
  body: UpperBody,
  box: Box,
): Promise<JerseyRead & { textBoxes: number }> {
  const texts = await locateNumbers(detector, body, box);
  let best: JerseyRead = { number: null, confidence: 0 };
  const readPart = async (text: Box, share: Share) => {
    const crop = marginCrop(body.image, partOf(text, share));
    const reads = [await recognizer.read(crop), await recognizer.read(crop, { stretch: 1.4 })];
    return { reads, read: () => readTextBox(reads, crop, digits, digits ? DEFAULT_MIN_FUSED : 0) };
  };
  const readWindows = async (text: Box): Promise<JerseyRead> => {
    const reads: NumberRead[] = [];
    for (const share of WINDOW_PARTS) {
      const crop = marginCrop(body.image, partOf(text, share));
      reads.push(await recognizer.read(crop), await recognizer.read(crop, { stretch: 1.4 }));
    }
    return voteWindows(reads);
  };
  for (const text of texts.slice(0, MAX_TEXT_BOXES)) {
    let boxBest = 0;
    let otherDigits = false;
    for (const [i, share] of TEXT_PARTS.entries()) {
      const part = await readPart(text.box, share);
      // the whole box surely reads as digits no shirt carries ('007', '100'): its parts would
      // only read a piece of them ('10')
      otherDigits = i === 0 && part.reads.some(isSureOtherDigits);
      if (otherDigits) break;
      const read = await part.read();
      if (read.number === null) continue;
      boxBest = Math.max(boxBest, read.confidence);
      if (read.confidence > best.confidence) best = read;
      if (best.confidence >= SURE) return { ...best, textBoxes: texts.length };
    }
    if (boxBest >= WINDOW_WHEN_BELOW || otherDigits) continue;
    const read = await readWindows(text.box);
    if (read.number !== null && read.confidence > best.confidence) best = read;
    if (best.confidence >= SURE) return { ...best, textBoxes: texts.length };
  }
  return { ...best, textBoxes: texts.length };
}

/**
 * The windows' vote: the two-digit number most window reads give (each at `WINDOW_MIN_READ` or more),
 * backed by at least `WINDOW_AGREE` of them and `WINDOW_SHARE` of their summed confidence; its
 * confidence is its surest read times that share. `null` number otherwise.
 */
export function voteWindows(reads: readonly NumberRead[]): JerseyRead {
  const sums = new Map<string, { sum: number; count: number; max: number }>();
  let total = 0;
  for (const r of reads) {
    if (r.confidence < WINDOW_MIN_READ || !isPlausibleNumber(r.text) || r.text.length < 2) continue;
    const s = sums.get(r.text) ?? { sum: 0, count: 0, max: 0 };
    sums.set(r.text, {
      sum: s.sum + r.confidence,
      count: s.count + 1,
      max: Math.max(s.max, r.confidence),
    });
    total += r.confidence;
  }
  let winner: [string, { sum: number; count: number; max: number }] | null = null;
  for (const entry of sums) if (!winner || entry[1].sum > winner[1].sum) winner = entry;
  if (!winner || winner[1].count < WINDOW_AGREE) return { number: null, confidence: 0 };
  const share = winner[1].sum / total;
  if (share < WINDOW_SHARE) return { number: null, confidence: 0 };
  return { number: Number(winner[0]), confidence: winner[1].max * share };
}
