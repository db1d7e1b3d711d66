// Media for tests and benchmarks, never for the product: see README.md.
export {
  findSharedMedia,
  sharedMediaDir,
  sharedMediaForTests,
  withSkipReason,
  type SharedMediaForTests,
} from './shared-media.js';
export {
  cachedFfmpegFilm,
  emptyFilm,
  notAVideo,
  stillFilm,
  testClip,
  testFilmDir,
  type TestClipOptions,
} from './ffmpeg-films.js';
export { lyingHeaderFilm, scrambledFilm, truncatedFilm } from './damaged-films.js';
export { CLIP_REENCODINGS, reencodeClip, type ClipReencoding } from './reencoded-clips.js';
export {
  GENERATED_FILMS,
  describeGeneratedFilm,
  generatedFilm,
  generatedFilmDescription,
  type GameFilmTruth,
  type GeneratedFilm,
  type GeneratedFilmName,
  type GeneratedFilmTruths,
  type Stretch,
  type TrackingFilmTruth,
} from './generated-films.js';
