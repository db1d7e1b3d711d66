import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DigitReader } from './digit-reader.js';

/**
 * The jersey-number reader's weights: a data file of this package (`models/`), written by the lab's
 * trainer (`npm run train:number-reader` in packages/vision-lab) from the labelled real crops; their
 * sources and terms are in decision 0024. Without it the engine reads numbers with PP-OCR alone.
 */
export const NUMBER_READER_MODEL = fileURLToPath(
  new URL('../../../models/jersey-number-reader.onnx', import.meta.url),
);

/** The trained reader, or null when its weights are not there (numbers are then read by PP-OCR alone). */
export async function loadDigitReader(): Promise<DigitReader | null> {
  return existsSync(NUMBER_READER_MODEL) ? DigitReader.create(NUMBER_READER_MODEL) : null;
}
