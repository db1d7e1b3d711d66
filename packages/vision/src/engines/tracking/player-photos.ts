import { join } from 'node:path';
import sharp from 'sharp';
import type { RgbFrame } from '../../perception/detector/types.js';
import type { TeamLetter } from '../../perception/teams/cluster-teams.js';

/** A listed player's evidence photo: the person where their number read best. */
export interface PlayerPhoto {
  teamLetter: TeamLetter;
  number: number;
  /** A JPEG file. */
  file: string;
}

/**
 * Photos shorter than this are enlarged to it (Lanczos): a far player's number is a dozen pixels
 * tall, legible to a person only enlarged. Taller photos keep their pixels.
 */
export const MIN_PHOTO_HEIGHT = 160;

/** Writes a player's photo as a JPEG, enlarged to `MIN_PHOTO_HEIGHT` when shorter. */
export async function writePlayerPhoto(photo: RgbFrame, file: string): Promise<void> {
  const { width, height, data } = photo;
  let image = sharp(data, { raw: { width, height, channels: 3 } });
  if (height < MIN_PHOTO_HEIGHT) {
    image = image.resize({ height: MIN_PHOTO_HEIGHT, kernel: sharp.kernel.lanczos3 });
  }
  await image.jpeg({ quality: 90 }).toFile(file);
}

/** The file name of a player's photo in the folder asked for. */
export function playerPhotoFile(dir: string, teamLetter: TeamLetter, number: number): string {
  return join(dir, `player-${teamLetter}${number}.jpg`);
}
