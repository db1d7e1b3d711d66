import { findPictureArea, isWholeFrame, type PictureArea } from '../../media/picture-area.js';
import type { MediaInfo } from '../../media/probe.js';
import { detectSport, type SportDetection } from './detect-sport.js';
import { isFilmSport, type FilmSport, type SportChoice } from './sports.js';

/** The sport an analysis goes by, and how it was found. */
export interface FilmSportResolution {
  /** As the request chose it. */
  chosen: SportChoice;
  /** The sport the analysis uses; null when none is known (Other, or detection unsure). */
  used: FilmSport | null;
  /** What detection said, when the choice was to detect it. */
  detection?: SportDetection;
}

/**
 * The sport to analyse a film as: a chosen sport as it is, none for Other, and for "Detect
 * automatically" the detected sport when detection is confident, else none.
 */
export async function resolveFilmSport(options: {
  chosen: SportChoice;
  input: string;
  info: MediaInfo;
  /** The picture inside the film's black bars, when the caller found it already. */
  area?: PictureArea;
  signal?: AbortSignal;
}): Promise<FilmSportResolution> {
  const { chosen, input, info, signal } = options;
  if (isFilmSport(chosen)) return { chosen, used: chosen };
  if (chosen !== 'auto') return { chosen, used: null };
  const area =
    options.area ?? (await findPictureArea({ input, info, ...(signal ? { signal } : {}) }));
  const detection = await detectSport({
    input,
    info,
    ...(isWholeFrame(area, info) ? {} : { crop: area }),
    ...(signal ? { signal } : {}),
  });
  return { chosen, used: detection.sport === 'unknown' ? null : detection.sport, detection };
}
