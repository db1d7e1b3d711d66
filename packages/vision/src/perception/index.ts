// The perception layer's parts the lab builds on (detector, numbers, sport, teams): named, not a
// wildcard, so what the lab may use is this list.
export { boxIou } from './detector/box-nms.js';
export { CenterNetDetector, DETECTOR_VERSION } from './detector/centernet-detector.js';
export { createPersonFinder } from './detector/detector-pool.js';
export { findPeople } from './detector/find-people.js';
export { decodeWeights, readGraphModel } from './detector/graph-model-files.js';
export { humanModelsDir } from './detector/model-paths.js';
export { readImageRgb } from './detector/read-image.js';
export { tfjsGraphToOnnx } from './detector/tfjs-graph-to-onnx.js';
export {
  type Box,
  type DetectOptions,
  type PersonDetection,
  type PersonFinder,
  type RgbFrame,
} from './detector/types.js';
export { DigitReader, type DigitReading } from './numbers/digit-reader.js';
export { fuseReads } from './numbers/fuse-reads.js';
export { loadDigitReader, NUMBER_READER_MODEL } from './numbers/number-reader-model.js';
export { NumberRecognizer } from './numbers/number-recognizer.js';
export { combineReads, ocrReads, readJerseyNumber } from './numbers/read-jersey-number.js';
export { resizeRgb } from './numbers/rgb-resize.js';
export { detectSport, SPORT_STILLS } from './sport/detect-sport.js';
export { filmStills } from './sport/film-stills.js';
export { type RgbImage, SPORT_FEATURE_NAMES, sportFeatures } from './sport/sport-features.js';
export {
  distanceFromClass,
  softmax,
  SPORT_CLASSES,
  type SportClass,
  sportLogits,
  type SportModel,
} from './sport/sport-model.js';
export { type FilmSport } from './sport/sports.js';
export { type TeamLetter } from './teams/cluster-teams.js';
