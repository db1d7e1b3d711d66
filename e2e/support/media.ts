import { testClip } from '@filmroom/test-media';
import { asFile } from './films.js';

/** A short real H.264/AAC MP4 named `name`; `seconds` and `size` scale the file. */
export async function makeTestVideo(name: string, seconds = 4, size = '640x360'): Promise<string> {
  return asFile(await testClip({ seconds, size, fps: 30, bitrate: '4M' }), name);
}
