/** Paths of the ffmpeg and ffprobe binaries; FFMPEG_PATH / FFPROBE_PATH override the Debian defaults. */
export function ffmpegPath(): string {
  return process.env.FFMPEG_PATH || '/usr/bin/ffmpeg';
}

export function ffprobePath(): string {
  return process.env.FFPROBE_PATH || '/usr/bin/ffprobe';
}
