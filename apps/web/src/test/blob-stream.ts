/**
 * jsdom's Blob lacks `stream()`, which browsers have and which Node's HTTP stack needs to send a
 * file. Tests that must watch real upload progress send through Node (jsdom's XMLHttpRequest reports
 * upload progress only once the answer arrives), so they give jsdom's Blob the browser's method.
 */
const SLICE_BYTES = 256 * 1024;

function readBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(blob);
  });
}

export function installBlobStream(): void {
  if (typeof Blob.prototype.stream === 'function') return;
  Blob.prototype.stream = function stream(this: Blob) {
    return sliceStream(this);
  };
}

function sliceStream(blob: Blob): ReturnType<Blob['stream']> {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (offset >= blob.size) {
        controller.close();
        return;
      }
      const end = Math.min(offset + SLICE_BYTES, blob.size);
      controller.enqueue(await readBytes(blob.slice(offset, end)));
      offset = end;
    },
  }) as ReturnType<Blob['stream']>;
}
