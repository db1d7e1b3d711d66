import type { Box, RgbFrame } from '../../perception/detector/types.js';
import { addsOneDigit } from '../../perception/numbers/digit-relation.js';
import type { DigitReader } from '../../perception/numbers/digit-reader.js';
import type { NumberRecognizer } from '../../perception/numbers/number-recognizer.js';
import {
  combineReads,
  isPlausibleNumber,
  type JerseyRead,
} from '../../perception/numbers/read-jersey-number.js';
import { readPersonNumber } from '../../perception/numbers/read-person-number.js';
import type { TextDetector } from '../../perception/numbers/text-detector.js';
import {
  bandCoverage,
  cropRgb,
  isLegibleCandidate,
  jerseyNumberBand,
  numberBand,
  sharpness,
} from '../../perception/numbers/torso-crop.js';
import { labDistance, rgbToLab, type Lab } from '../../perception/teams/lab-colour.js';

/** One person of a frame whose number is due to be read (decided by the read schedule). */
export interface PersonReadJob {
  /** Index of the person in the frame's detections. */
  detection: number;
  /** Largest IoU of the person's box with any other detection's (the band read's merge test). */
  overlap: number;
  /** The person's jersey colour, when sampled: the band's columns follow it. */
  jersey: Lab | null;
  /** The track's text look number when a look by text detection is due, else null. */
  textLook: number | null;
  /** The look is an extra beside the band read (a small person's torso look), not instead of it. */
  besideBand: boolean;
  /**
   * Whether the text look reads the detail frame (when one is sent), decided when the look was
   * planned; when absent, a person under `MAX_DETAIL_PERSON_HEIGHT` is looked at there.
   */
  inDetail?: boolean;
}

/** What one job found. */
export interface PersonReadResult {
  /** The text look's outcome (null when none was due). */
  text: (JerseyRead & { textBoxes: number }) | null;
  /** The band read's outcome: null when not tried (the look read a number, or the band is illegible). */
  band: JerseyRead | null;
  /**
   * The person with a margin around (`PHOTO_MARGIN`), cut from the frame the look read (the detail
   * frame where the text look read it, else the analysis frame), when the text look or the band
   * read a number at `PHOTO_MIN_READ` or more: the evidence photo, should this read be the number's
   * best.
   */
  photo: RgbFrame | null;
}

/** Reads below this confidence never count in a track's vote (see `voteTrackNumber`). */
export const PHOTO_MIN_READ = 0.5;
/** Margin around a person's box in a photo, as a share of the box's width and height. */
export const PHOTO_MARGIN = 0.15;

/** The people of one frame to read: everything a reader needs, frames and boxes included. */
export interface FrameReadRequest {
  frame: RgbFrame;
  /**
   * The same frame at more of the source's resolution (`scale` of its pixels per frame pixel), where
   * the text looks of small people read (`looksInDetail`): a person reads a far back's number at
   * full resolution that the analysis size has blurred away. Band reads stay on `frame`.
   */
  detail?: { frame: RgbFrame; scale: number };
  detections: { box: Box; score: number }[];
  jobs: PersonReadJob[];
}

export interface ReadModels {
  textDetector: TextDetector;
  recognizer: NumberRecognizer;
  /** The trained reader, fused with PP-OCR on text boxes; null when its weights are absent. */
  digits: DigitReader | null;
}

/** A pixel test for "this is the jersey": within a perceptual distance of the jersey colour. */
function jerseyTest(jersey: Lab): (r: number, g: number, b: number) => boolean {
  return (r, g, b) => labDistance(rgbToLab(r, g, b), jersey) < 18;
}

/**
 * People under this height (analysis pixels) are looked at in the detail frame. A taller person's
 * number is already large at the analysis size, and the text detector and recogniser answer
 * differently to a sharper picture of it (on the real frames a thin '7' on a 151-px player was found
 * at the analysis size and not in the detail frame).
 */
export const MAX_DETAIL_PERSON_HEIGHT = 100;

/**
 * Whether the job's text look reads the detail frame: a detail frame sent, and the job asks for it
 * (`inDetail`), or, when it does not say, a small person.
 */
export function looksInDetail(request: FrameReadRequest, job: PersonReadJob): boolean {
  return (
    request.detail !== undefined &&
    job.textLook !== null &&
    (job.inDetail ?? request.detections[job.detection]!.box[3] < MAX_DETAIL_PERSON_HEIGHT)
  );
}

/** A box in the pixels of a frame `scale` times larger, kept inside it. */
function scaleBox([x, y, w, h]: Box, scale: number, frame: RgbFrame): Box {
  const x0 = Math.max(0, Math.round(x * scale));
  const y0 = Math.max(0, Math.round(y * scale));
  const x1 = Math.min(frame.width, Math.round((x + w) * scale));
  const y1 = Math.min(frame.height, Math.round((y + h) * scale));
  return [x0, y0, Math.max(1, x1 - x0), Math.max(1, y1 - y0)];
}

/** Whether `wide` is `narrow` with a second digit the narrow crop cut off (1 → 11, 4 → 14). */
function extendsNumber(wide: JerseyRead, narrow: JerseyRead): boolean {
  return wide.number !== null && narrow.number !== null && addsOneDigit(wide.number, narrow.number);
}

/** The fixed torso band of an upright player, read when legible; null when it is not. */
async function readBand(
  recognizer: NumberRecognizer,
  request: FrameReadRequest,
  job: PersonReadJob,
): Promise<JerseyRead | null> {
  const { frame, detections } = request;
  const d = detections[job.detection]!;
  const band = jerseyNumberBand(frame, d.box, job.jersey ? jerseyTest(job.jersey) : null);
  if (band[2] < 6 || band[3] < 8) return null;
  const crop = cropRgb(frame, band);
  const bandCover = bandCoverage(
    band,
    d.box,
    detections.filter((_, j) => j !== job.detection).map((o) => o.box),
  );
  const legible = isLegibleCandidate({
    box: d.box,
    score: d.score,
    overlap: job.overlap,
    bandCover,
    sharpness: sharpness(crop),
  });
  if (!legible) return null;
  const first = await recognizer.read(crop, { stretch: 1.3, normalise: true });
  // a second look at crops that seem to show a number: agreement lifts it, doubt lowers it;
  // and a look at the fixed middle band of the box: where the jersey-colour columns cut a
  // digit off ('11' read as '1'), the wider crop holds both (it alone misreads more often, so
  // it only ever adds the missing digit)
  let read = combineReads([first], 0);
  if (isPlausibleNumber(first.text)) {
    read = combineReads([first, await recognizer.read(crop, { normalise: true })], 0);
  }
  if (read.number !== null && read.number <= 9) {
    const wide = await recognizer.read(cropRgb(frame, numberBand(d.box, frame)), {
      stretch: 1.3,
      normalise: true,
    });
    const alternative = combineReads([wide], 0);
    if (extendsNumber(alternative, read) && alternative.confidence >= read.confidence)
      read = alternative;
  }
  return read;
}

/**
 * Reads the numbers of one frame's people: a text look where one is due (text detection on the
 * upscaled upper body, `readPersonNumber`), and the fixed torso band where no look was due or the
 * look read no number. Each job's result depends only on the frame and the job, never on the
 * order or the thread the jobs run in.
 */
export async function readPeople(
  models: ReadModels,
  request: FrameReadRequest,
): Promise<PersonReadResult[]> {
  const results: PersonReadResult[] = [];
  for (const job of request.jobs) {
    let text: PersonReadResult['text'] = null;
    if (job.textLook !== null) {
      const { box } = request.detections[job.detection]!;
      const detail = looksInDetail(request, job) ? request.detail! : null;
      text = await readPersonNumber(
        models.textDetector,
        models.recognizer,
        detail?.frame ?? request.frame,
        detail ? scaleBox(box, detail.scale, detail.frame) : box,
        job.textLook,
        models.digits,
      );
    }
    const band =
      text && text.number !== null && !job.besideBand
        ? null
        : await readBand(models.recognizer, request, job);
    const readsNumber = (read: JerseyRead | null): boolean =>
      read !== null && read.number !== null && read.confidence >= PHOTO_MIN_READ;
    const photo = readsNumber(text) || readsNumber(band) ? personPhoto(request, job) : null;
    results.push({ text, band, photo });
  }
  return results;
}

/** The person of a job with a margin around, cut from the frame its text look read. */
function personPhoto(request: FrameReadRequest, job: PersonReadJob): RgbFrame {
  const detail = looksInDetail(request, job) ? request.detail! : null;
  const frame = detail?.frame ?? request.frame;
  const [x, y, w, h] = request.detections[job.detection]!.box;
  const widened: Box = [
    x - w * PHOTO_MARGIN,
    y - h * PHOTO_MARGIN,
    w * (1 + 2 * PHOTO_MARGIN),
    h * (1 + 2 * PHOTO_MARGIN),
  ];
  return cropRgb(frame, scaleBox(widened, detail?.scale ?? 1, frame));
}
