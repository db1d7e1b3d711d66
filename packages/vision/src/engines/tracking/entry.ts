// Player Tracking's analysis parts the lab benches: the lab's entry point
// (`@filmroom/vision/tracking`).
export { analyseTracking } from './analyse-tracking.js';
export { appearancesFromSightings, type Sighting } from './appearances.js';
export { TrackRecord } from './track-record.js';
export { TrackSpill } from './track-spill.js';
export {
  type TimeRange,
  type TrackingAnalysis,
  type TrackingPlayer,
  type TrackingTeam,
} from './tracking-types.js';
