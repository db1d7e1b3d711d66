// Whose number a frame reads and how (band, text look, torso look), and what a read leaves on its track.
import { boxIou } from '../../perception/detector/box-nms.js';
import type { Box, PersonDetection } from '../../perception/detector/types.js';
import { TORSO_LOOK } from '../../perception/numbers/locate-number.js';
import type { KitSample } from '../../perception/teams/kit-colours.js';
import {
  MAX_DETAIL_PERSON_HEIGHT,
  type PersonReadJob,
  type PersonReadResult,
} from './read-people.js';
import {
  awaitedSecondMoment,
  isReadDue,
  isSecondMomentLookDue,
  isTextLookDue,
  MIN_TEXT_PERSON_HEIGHT,
} from './read-schedule.js';
import type { TrackRecord } from './track-record.js';

/**
 * Smaller people down to this height get the torso look, on its own schedule and beside the band
 * read: on wide broadcast film a back's number is 10–12 px on a 45–60 px player, readable by a person
 * and found by the text detector only in a crop of the torso alone. The torso of a small player is a
 * small image (the upscale is capped), so the look is cheap.
 */
const MIN_SMALL_TEXT_PERSON_HEIGHT = 40;
/**
 * People this surely a person (and `MIN_TEXT_PERSON_HEIGHT` tall) have their number looked for by text
 * detection on the upper body: the weakest detections are mostly spectators, shadows and parts of
 * people.
 */
const MIN_TEXT_PERSON_SCORE = 0.2;

/** Records one person's read on its track: a small person's torso look, a text look, a band read. */
export function applyRead(
  record: TrackRecord,
  job: PersonReadJob,
  { text, band, photo }: PersonReadResult,
  boxes: readonly Box[],
  timeSec: number,
): void {
  const box = boxes[job.detection]!;
  const addTextRead = (): void => {
    if (!text || text.number === null) return;
    const read = { number: text.number, confidence: text.confidence, timeSec, box };
    record.addTextRead(read, { look: job.textLook!, inDetail: job.inDetail ?? false });
    if (photo) record.offerPhoto(read, photo, false);
  };
  if (job.textLook !== null && job.besideBand) {
    // a small person's look counts on its own tally (its own textless rule), not as a text look
    record.lastSmallLookSec = timeSec;
    record.smallLooks++;
    if (text && text.textBoxes > 0) record.smallLooksWithText++;
    addTextRead();
  } else if (job.textLook !== null) {
    record.lastReadSec = timeSec;
    record.lastTextLookSec = timeSec;
    record.textLooks++;
    if (text && text.textBoxes > 0) record.textLooksWithText++;
    addTextRead();
  }
  if (band) {
    record.lastReadSec = timeSec;
    const read = { number: band.number, confidence: band.confidence, timeSec, box };
    record.addBandRead(read);
    if (photo) record.offerPhoto(read, photo, true);
  }
}

/**
 * The reads due on this frame: whose number to read, and which of them get a text look. A track that
 * has read its number at one moment only gets a look at each sampled frame from
 * `INDEPENDENT_READS_SEC` on (`isSecondMomentLookDue`), made as its surest text read of the number
 * was: the same body scale, in the detail frame or not. `still`: every frame so far showed the same
 * picture; `detail`: the frame comes with a detail frame.
 */
export function planReads(
  assigned: readonly [TrackRecord, number][],
  detections: readonly PersonDetection[],
  kits: readonly (KitSample | null)[],
  timeSec: number,
  { still, detail }: { still: boolean; detail: boolean },
): { jobs: PersonReadJob[]; records: TrackRecord[] } {
  const jobs: PersonReadJob[] = [];
  const records: TrackRecord[] = [];
  for (const [record, detectionIndex] of assigned) {
    if (!isReadDue(record, timeSec, still)) continue;
    const d = detections[detectionIndex]!;
    const overlap = Math.max(
      0,
      ...detections.filter((_, j) => j !== detectionIndex).map((o) => boxIou(o.box, d.box)),
    );
    const small = d.box[3] < MIN_TEXT_PERSON_HEIGHT;
    const secondMoment = isSecondMomentLookDue(record, timeSec, still);
    const textLookDue = isTextLookWanted(
      record,
      detections,
      detectionIndex,
      small,
      timeSec,
      secondMoment,
      still,
    );
    // the look that read the number once, made again; counted (and bounded) when taken
    const made = secondMoment && textLookDue ? awaitedSecondMoment(record)?.look : null;
    if (secondMoment) record.secondMomentLooks++;
    const textLook = !textLookDue ? null : small ? TORSO_LOOK : (made?.look ?? record.textLooks);
    jobs.push({
      detection: detectionIndex,
      overlap,
      jersey: kits[detectionIndex]?.jersey ?? null,
      textLook,
      besideBand: small,
      ...(textLook !== null
        ? { inDetail: detail && (made?.inDetail ?? d.box[3] < MAX_DETAIL_PERSON_HEIGHT) }
        : {}),
    });
    records.push(record);
  }
  return { jobs, records };
}

/**
 * Whether a person gets a text look now: tall and sure enough, not merged with another person,
 * and due on the schedule of its kind of look (the torso look for small people, its own), or due a
 * look for a second moment (`secondMoment`).
 */
function isTextLookWanted(
  record: TrackRecord,
  detections: readonly PersonDetection[],
  detectionIndex: number,
  small: boolean,
  timeSec: number,
  secondMoment: boolean,
  still: boolean,
): boolean {
  const d = detections[detectionIndex]!;
  // merged with another person for the text look: only people found at least as surely count
  // (a faint box over two players or around part of one is not a second person in the way, and
  // of two boxes around one person the surer is looked at)
  const textOverlap = Math.max(
    0,
    ...detections
      .filter((o, j) => j !== detectionIndex && o.score >= Math.max(MIN_TEXT_PERSON_SCORE, d.score))
      .map((o) => boxIou(o.box, d.box)),
  );
  return (
    d.box[3] >= MIN_SMALL_TEXT_PERSON_HEIGHT &&
    d.score >= MIN_TEXT_PERSON_SCORE &&
    textOverlap < 0.3 &&
    (secondMoment ||
      (small
        ? isTextLookDue(
            {
              reads: record.reads,
              lastTextLookSec: record.lastSmallLookSec,
              textLooks: record.smallLooks,
              textLooksWithText: record.smallLooksWithText,
            },
            timeSec,
            still,
          )
        : isTextLookDue(record, timeSec, still)))
  );
}
