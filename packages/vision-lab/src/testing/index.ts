// Synthetic films for tests and benchmarks; not part of the production library.
export {
  generateFilm,
  type GenerateFilmOptions,
  type GeneratedFilm,
} from '../synth/generate-film.js';
export { SPORTS, type Sport } from '../synth/sport-profile.js';
export {
  generateTrackingFilm,
  type GenerateTrackingFilmOptions,
  type GeneratedTrackingFilm,
} from '../synth-tracking/generate-tracking-film.js';
export {
  cachedFfmpegFilm,
  emptyFilm,
  gameFilm,
  notAVideo,
  stillFilm,
  testClip,
  testFilmDir,
  trackingFilm,
  type TestClipOptions,
} from './test-films.js';
export {
  findSharedMedia,
  sharedMediaForTests,
  withSkipReason,
  type SharedMediaForTests,
} from './shared-media.js';
export { reencodeClip } from '../inactivity-lab/clip-variants.js';
export { lyingHeaderFilm, scrambledFilm, truncatedFilm } from './damaged-films.js';
