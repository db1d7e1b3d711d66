import { loadDigitReader } from '../../perception/numbers/number-reader-model.js';
import { NumberRecognizer } from '../../perception/numbers/number-recognizer.js';
import { TextDetector } from '../../perception/numbers/text-detector.js';
import { serveInWorker } from '../../threads/serve-in-worker.js';
import { readPeople, type FrameReadRequest, type ReadModels } from './read-people.js';

// one request at a time, in the order sent: each frame's reads finish before the next frame's start
serveInWorker(
  async (): Promise<ReadModels> => {
    const [textDetector, recognizer, digits] = await Promise.all([
      TextDetector.create(),
      NumberRecognizer.create(),
      loadDigitReader(),
    ]);
    return { textDetector, recognizer, digits };
  },
  (models, request: FrameReadRequest) => readPeople(models, request),
  { inOrder: true },
);
