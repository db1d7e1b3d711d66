import type { Box, RgbFrame } from '../detect/types.js';
import { BODY_LOOKS, locateNumbers, marginCrop, upperBody } from './locate-number.js';
import type { NumberRecognizer } from './number-recognizer.js';
import { combineReads, type JerseyRead } from './read-jersey-number.js';
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
 * When neither reads anything (≥ `WINDOW_WHEN_BELOW`): windows over the box's rows and a narrower
 * middle. The detector often finds a back's plate, number and the shirt below as one region, and the
 * recogniser reads a number only from a crop about the number's height (red youth-football shirts
 * with outlined navy digits read nothing whole). A window's read counts only at `WINDOW_MIN` or more:
 * a window can cut a digit off, and a weaker read of a cut number is a wrong number.
 */
const WINDOW_PARTS: readonly Share[] = [
  [0, 0.2, 1, 0.65],
  [0, 0.4, 1, 0.6],
  [0.1, 0.25, 0.8, 0.6],
];
const WINDOW_WHEN_BELOW = 0.5;
const WINDOW_MIN = 0.8;

type Share = readonly [number, number, number, number];

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
 * found in the same box), and through windows over its rows when neither reads. The surest
 * plausible read wins (the first at 0.95 or more ends the look); `null` number when none. `look`
 * counts the track's looks so far: each takes the next of the body scales.
 */
export async function readPersonNumber(
  detector: TextDetector,
  recognizer: NumberRecognizer,
  frame: RgbFrame,
  box: Box,
  look = 0,
): Promise<JerseyRead & { textBoxes: number }> {
  const body = await upperBody(frame, box, BODY_LOOKS[look % BODY_LOOKS.length]);
  const texts = await locateNumbers(detector, body, box);
  let best: JerseyRead = { number: null, confidence: 0 };
  const readPart = async (text: Box, share: Share): Promise<JerseyRead> => {
    const crop = marginCrop(body.image, partOf(text, share));
    return combineReads(
      [await recognizer.read(crop), await recognizer.read(crop, { stretch: 1.4 })],
      0,
    );
  };
  for (const text of texts.slice(0, MAX_TEXT_BOXES)) {
    let boxBest = 0;
    for (const share of TEXT_PARTS) {
      const read = await readPart(text.box, share);
      if (read.number === null) continue;
      boxBest = Math.max(boxBest, read.confidence);
      if (read.confidence > best.confidence) best = read;
      if (best.confidence >= SURE) return { ...best, textBoxes: texts.length };
    }
    if (boxBest >= WINDOW_WHEN_BELOW) continue;
    for (const share of WINDOW_PARTS) {
      const read = await readPart(text.box, share);
      if (read.number === null || read.confidence < WINDOW_MIN) continue;
      if (read.confidence > best.confidence) best = read;
      if (best.confidence >= SURE) return { ...best, textBoxes: texts.length };
    }
  }
  return { ...best, textBoxes: texts.length };
}
