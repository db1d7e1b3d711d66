import sharp from 'sharp';
import { findPictureArea, isWholeFrame, probeVideo } from '@filmroom/vision/media';
import { filmStills, type RgbImage, SPORT_STILLS } from '@filmroom/vision/perception';
import type { SportItem } from './sport-dataset.js';

/** The stills the runtime would look at: a film's spread keyframes, or the picture itself. */
export async function itemStills(item: SportItem): Promise<RgbImage[]> {
  if (item.kind === 'image') {
    const { data, info } = await sharp(item.path)
      .removeAlpha()
      .resize({ width: SPORT_STILLS.width })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return [{ width: info.width, height: info.height, data }];
  }
  const info = await probeVideo(item.path);
  const area = await findPictureArea({ input: item.path, info });
  return filmStills({
    input: item.path,
    info,
    count: SPORT_STILLS.count,
    width: SPORT_STILLS.width,
    ...(isWholeFrame(area, info) ? {} : { crop: area }),
  });
}
