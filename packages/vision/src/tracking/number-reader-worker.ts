import { parentPort } from 'node:worker_threads';
import sharp from 'sharp';
import { NumberRecognizer } from '../numbers/number-recognizer.js';
import { TextDetector } from '../numbers/text-detector.js';
import { readPeople, type FrameReadRequest, type ReadModels } from './read-people.js';

const port = parentPort;
if (!port) throw new Error('number-reader-worker must run in a worker thread');

// the crops are small: libvips' operation cache and thread pool only hold memory (peak RSS of the
// 16-s 720p volleyball clip 773 → 698 MB, CPU unchanged)
sharp.cache(false);
sharp.concurrency(1);

const modelsPromise: Promise<ReadModels> = Promise.all([
  TextDetector.create(),
  NumberRecognizer.create(),
]).then(([textDetector, recognizer]) => ({ textDetector, recognizer }));
modelsPromise.then(
  () => port.postMessage({ ready: true }),
  (error: unknown) => port.postMessage({ ready: false, error: String(error) }),
);

// one request at a time, in the order sent: each frame's reads finish before the next frame's start
let queue: Promise<unknown> = Promise.resolve();
port.on('message', ({ id, request }: { id: number; request: FrameReadRequest }) => {
  queue = queue
    .then(() => modelsPromise)
    .then((models) => readPeople(models, request))
    .then(
      (results) => port.postMessage({ id, results }),
      (error: unknown) => port.postMessage({ id, error: String(error) }),
    );
});
