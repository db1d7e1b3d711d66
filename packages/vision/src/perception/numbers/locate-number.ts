import type { Box, RgbFrame } from '../detector/types.js';
import { resizeRgb } from './rgb-resize.js';
import { cropRgb } from './torso-crop.js';
import type { TextBox, TextDetector } from './text-detector.js';

/** The upper body of a person box, upscaled: what the text detector looks at. */
export interface UpperBody {
  image: RgbFrame;
  /** Frame pixels of the image's top-left corner. */
  x: number;
  y: number;
  /** Image pixels per frame pixel. */
  scale: number;
}

/** Which part of the person box a look takes (shares of the box height) and the height it is scaled to. */
export interface BodyLook {
  top: number;
  bottom: number;
  height: number;
}

/**
 * The looks, one per look at a track, in turn: the text detector finds a given number at some scales
 * and not others (a clear 35-px '60' is missed at 224 px and found at 288; a busy 25-px '14' only
 * once it is ~50 px tall), so successive looks at a track take the next and the track's vote gathers
 * them. Two take the whole upper body; the third zooms on the torso.
 */
export const BODY_LOOKS: readonly BodyLook[] = [
  { top: -0.04, bottom: 0.72, height: 320 },
  { top: -0.04, bottom: 0.72, height: 400 },
  { top: 0.08, bottom: 0.6, height: 440 },
];
/** The look that zooms on the torso (in `BODY_LOOKS`): the one small players get. */
export const TORSO_LOOK = 2;
/**
 * The lower body of a close-up whose legs the frame or a score graphic cuts off (`isCutCloseUp`):
 * there the person box ends at the thighs, and the number lies at half to nine tenths of its
 * height, below the upper-body looks (an NBA '0' at 0.53–0.76, a '7' under 'BOSTON' at 0.79–0.89).
 */
export const LOWER_BODY_LOOK: BodyLook = { top: 0.4, bottom: 1, height: 320 };
const MAX_SCALE = 5;
/** The top of a person box taken by the head: no shirt number is centred this high. */
const HEAD_SHARE = 0.1;

/**
 * A part of a person box with context around it (the detector wants some), a sixth of the width
 * either side, scaled up: by default from a little above the box to 72% down (all of it when the
 * frame cuts the legs off). Whatever the pose, the number lies in it: upright, crouched, side-on or
 * bent over.
 */
export function upperBody(frame: RgbFrame, box: Box, look: BodyLook = BODY_LOOKS[0]!): UpperBody {
  const [bx, by, bw, bh] = box;
  // the frame cuts the legs off (the box ends at, or within 2% of, its bottom): the number may be lower
  const cut = by + bh >= frame.height - Math.max(2, frame.height * 0.02);
  const x0 = Math.max(0, Math.floor(bx - bw * 0.17));
  const x1 = Math.min(frame.width, Math.ceil(bx + bw * 1.17));
  const y0 = Math.max(0, Math.floor(by + bh * look.top));
  const y1 = Math.min(frame.height, Math.ceil(by + bh * (cut ? 1 : look.bottom)));
  const region: Box = [x0, y0, Math.max(1, x1 - x0), Math.max(1, y1 - y0)];
  const crop = cropRgb(frame, region);
  const scale = Math.min(MAX_SCALE, look.height / region[3]);
  const width = Math.max(8, Math.round(region[2] * scale));
  const height = Math.max(8, Math.round(region[3] * scale));
  return { image: resizeRgb(crop, width, height), x: x0, y: y0, scale };
}

/**
 * Whether a person box is a close-up that may be cut off below: at least 45% of the frame's height
 * and reaching its bottom 12%, where a broadcast's score graphic often sits (the detector's box
 * then ends at the graphic, not at the frame's edge).
 */
export function isCutCloseUp(frame: Pick<RgbFrame, 'height'>, [, by, , bh]: Box): boolean {
  return bh >= frame.height * 0.45 && by + bh >= frame.height * 0.88;
}

/**
 * Whether a detected text box can be a shirt number of this person: digit-shaped (one or two digits
 * are about as wide as tall, never a long line), a sensible size for the body (not a stripe, not a
 * speck), and within the body's columns. Heights relative to the person box: measured numbers run
 * 8–30% of it from far backs to close-ups.
 */
export function isNumberShaped(text: TextBox, body: UpperBody, personHeight: number): boolean {
  const [, , w, h] = text.box;
  const hFrame = h / body.scale;
  const aspect = w / h;
  return (
    aspect >= 0.35 &&
    aspect <= 2.6 &&
    hFrame >= personHeight * 0.05 &&
    hFrame <= personHeight * 0.4 &&
    hFrame >= 5
  );
}

/** The text box grown by a share of its height on each side (the recogniser wants a margin). */
export function marginCrop(image: RgbFrame, [x, y, w, h]: Box, margin = 0.2): RgbFrame {
  const m = Math.round(h * margin);
  const x0 = Math.max(0, x - m);
  const y0 = Math.max(0, y - m);
  const x1 = Math.min(image.width, x + w + m);
  const y1 = Math.min(image.height, y + h + m);
  return cropRgb(image, [x0, y0, Math.max(1, x1 - x0), Math.max(1, y1 - y0)]);
}

/**
 * Whether a text box's centre lies on the person's body: within the person box's columns (the
 * context either side is there for the detector, and text found in it is a neighbour's, a coach
 * read as the '3' of the shirt behind him, or the background's) and below the top tenth of the box,
 * the head's height (text there is a banner or a shirt behind the head: the 'TOWI' of a sponsor
 * board behind a line judge read '10'). A box the frame cuts at the top has lost its head: any
 * height counts.
 */
export function isOnBody(text: TextBox, body: UpperBody, [bx, by, bw, bh]: Box): boolean {
  const [x, y, w, h] = text.box;
  const centreX = body.x + (x + w / 2) / body.scale;
  const centreY = body.y + (y + h / 2) / body.scale;
  const belowHead = by <= 1 || centreY >= by + bh * HEAD_SHARE;
  return centreX >= bx && centreX <= bx + bw && belowHead;
}

/** The number-shaped text boxes on a person's upper body, surest first, in the body image's pixels. */
export async function locateNumbers(
  detector: TextDetector,
  body: UpperBody,
  box: Box,
): Promise<TextBox[]> {
  const found = await detector.detect(body.image);
  return found
    .filter((t) => isNumberShaped(t, body, box[3]) && isOnBody(t, body, box))
    .sort((a, b) => b.score - a.score || a.box[0] - b.box[0]);
}
