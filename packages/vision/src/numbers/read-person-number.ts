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
 * Reads the shirt number of the person in `box` wherever it sits on the body: text detection on the
 * upscaled upper body finds the number (back or front, upright or bent), the recogniser reads each
 * number-shaped text box twice (as found, and stretched sideways: jersey digits are narrower than
 * the text it learnt), and once more without its top third (a name plate above the number is often
 * found in the same box). The surest plausible read wins (the first at 0.95 or more ends the look); `null` number when none. `look` counts the
 * track's looks so far: each takes the next of the body scales.
 */
export async function readPersonNumber(
  detector: TextDetector,
  recognizer: NumberRecognizer,
  frame: RgbFrame,
  box: Box,
  look = 0,
): Promise<JerseyRead & { textBoxes: number }> {
  const body = await upperBody(frame, box, BODY_LOOKS[look % BODY_LOOKS.length]);
  const texts = await locateNumbers(detector, body, box[3]);
  let best: JerseyRead = { number: null, confidence: 0 };
  for (const text of texts.slice(0, MAX_TEXT_BOXES)) {
    const [x, y, w, h] = text.box;
    const lower: Box = [x, Math.round(y + h * 0.3), w, Math.max(1, Math.round(h * 0.7))];
    for (const part of [text.box, lower]) {
      const crop = marginCrop(body.image, part);
      const read = combineReads(
        [await recognizer.read(crop), await recognizer.read(crop, { stretch: 1.4 })],
        0,
      );
      if (read.number !== null && read.confidence > best.confidence) best = read;
      if (best.confidence >= SURE) return { ...best, textBoxes: texts.length };
    }
  }
  return { ...best, textBoxes: texts.length };
}
