import {
  hasVideoSignature,
  isNonVideoMediaType,
  notAVideoFileMessage,
  VIDEO_SIGNATURE_BYTES,
} from '@filmroom/contract';

/** Reads a blob's bytes; jsdom's Blob lacks arrayBuffer(), FileReader works everywhere. */
function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(blob);
  });
}

/**
 * Why a chosen file cannot be uploaded as a video, or undefined when it may be one: its declared type
 * names something else, or its first bytes are not those of a video container. Reads only those bytes.
 */
export async function videoFileProblem(file: File): Promise<string | undefined> {
  if (isNonVideoMediaType(file.type)) return notAVideoFileMessage(file.name);
  try {
    const firstBytes = await bytesOf(file.slice(0, VIDEO_SIGNATURE_BYTES));
    return hasVideoSignature(firstBytes) ? undefined : notAVideoFileMessage(file.name);
  } catch {
    // A file the browser cannot read here goes to the server, which says what it makes of it.
    return undefined;
  }
}
