import { serveInWorker } from '../../threads/serve-in-worker.js';
import { CenterNetDetector } from './centernet-detector.js';
import type { DetectRequest } from './detector-pool.js';

serveInWorker(
  () => CenterNetDetector.create(),
  (detector, { frame, options }: DetectRequest) => detector.detect(frame, options),
);
