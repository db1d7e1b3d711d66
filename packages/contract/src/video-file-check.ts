/**
 * Whether a chosen file can be a video, judged before any byte is sent: by the type the browser gives
 * it and by the first bytes, which every common video container starts with (its "magic number").
 * The server still probes what arrives; this only refuses the obvious mistakes (a roster.txt) at once.
 */

/** How many leading bytes the check reads (an MPEG transport stream repeats its sync byte at 188). */
export const VIDEO_SIGNATURE_BYTES = 192;

const ascii = (bytes: Uint8Array, at: number, text: string): boolean =>
  [...text].every((char, i) => bytes[at + i] === char.charCodeAt(0));

const startsWith = (bytes: Uint8Array, signature: readonly number[]): boolean =>
  signature.every((byte, i) => bytes[i] === byte);

/** The containers phones, cameras and video sites write, each with how its file begins. */
const CONTAINERS: readonly { name: string; matches(bytes: Uint8Array): boolean }[] = [
  // MP4, MOV, M4V, 3GP: an 'ftyp' (or a QuickTime 'moov'/'mdat'/'wide'/'free') box at byte 4.
  {
    name: 'MP4/MOV',
    matches: (b) =>
      ['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip'].some((box) => ascii(b, 4, box)),
  },
  { name: 'WebM/MKV', matches: (b) => startsWith(b, [0x1a, 0x45, 0xdf, 0xa3]) },
  { name: 'AVI', matches: (b) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'AVI ') },
  { name: 'MPEG-PS', matches: (b) => startsWith(b, [0x00, 0x00, 0x01, 0xba]) },
  { name: 'MPEG-TS', matches: (b) => b[0] === 0x47 && b[188] === 0x47 },
  { name: 'FLV', matches: (b) => ascii(b, 0, 'FLV') },
  {
    name: 'ASF/WMV',
    matches: (b) => startsWith(b, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11]),
  },
  { name: 'Ogg', matches: (b) => ascii(b, 0, 'OggS') },
];

/** A browser type that says the file is something else ("text/plain"); empty or generic says nothing. */
export function isNonVideoMediaType(type: string): boolean {
  const main = type.split(';')[0]?.trim().toLowerCase() ?? '';
  return main !== '' && main !== 'application/octet-stream' && !main.startsWith('video/');
}

/** Whether the file's first bytes are those of a video container we know. */
export function hasVideoSignature(firstBytes: Uint8Array): boolean {
  return CONTAINERS.some((container) => container.matches(firstBytes));
}

/** What the upload dialog says when it refuses a file before sending it. */
export function notAVideoFileMessage(fileName: string): string {
  return `${fileName} is not a video file. Choose a video such as MP4, MOV, WebM, MKV or AVI.`;
}
