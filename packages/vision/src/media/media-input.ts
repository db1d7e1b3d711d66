import path from 'node:path';

/**
 * Container formats a user's film may come in. Formats that only point at other media (HLS and DASH
 * playlists, concat lists, image sequences) are not here: through them a crafted "video" would make
 * ffmpeg open files elsewhere on this machine, or on the network.
 */
export const FILM_DEMUXERS = [
  'mov',
  'matroska',
  'avi',
  'flv',
  'mpegts',
  'mpeg',
  'mpegvideo',
  'asf',
  'ogg',
  'mxf',
  'gif',
  'h264',
  'hevc',
  'm4v',
  'dv',
  'nut',
  'rm',
  'ivf',
  'wtv',
  'yuv4mpegpipe',
] as const;

/**
 * The `-i` arguments (with the input options that must precede it) that let ffmpeg or ffprobe read
 * exactly one local file of a film format: no other protocol, no demuxer that follows references.
 */
export function mediaInputArgs(file: string): string[] {
  return [
    '-protocol_whitelist',
    'file',
    '-format_whitelist',
    FILM_DEMUXERS.join(','),
    '-i',
    `file:${path.resolve(file)}`,
  ];
}
