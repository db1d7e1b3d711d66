import { parentPort } from 'node:worker_threads';
import { CenterNetDetector } from './centernet-detector.js';
import type { DetectOptions, RgbFrame } from './types.js';

interface DetectRequest {
  id: number;
  frame: RgbFrame;
  options: DetectOptions;
}

const port = parentPort;
if (!port) throw new Error('detector-worker must run in a worker thread');

const detectorPromise = CenterNetDetector.create();
detectorPromise.then(
  () => port.postMessage({ ready: true }),
  (error: unknown) => port.postMessage({ ready: false, error: String(error) }),
);

port.on('message', (request: DetectRequest) => {
  detectorPromise
    .then((detector) => detector.detect(request.frame, request.options))
    .then(
      (detections) => port.postMessage({ id: request.id, detections }),
      (error: unknown) => port.postMessage({ id: request.id, error: String(error) }),
    );
});
