/**
 * One Player Tracking analysis, run by `tracking-memory-bench.ts` in a process started as the
 * server starts its engine process (glibc and V8 settings at start). Writes one JSON line per
 * whole minute of film analysed (peak RSS so far, RSS now, main-thread heap, wall and processor
 * time so far),
 * then one with the result. RSS is the whole process: the main thread and the worker threads
 * (detector and number readers); ffmpeg runs in its own process and is not counted.
 */
import { analyseTracking } from '@filmroom/vision/tracking';
import { probeVideo } from '@filmroom/vision/media';

const film = process.argv[2];
if (!film) throw new Error('usage: tracking-memory-run <film>');

const mb = (bytes: number): number => Math.round(bytes / 1024 / 1024);
const peakMb = (): number => Math.round(process.resourceUsage().maxRSS / 1024);
const emit = (line: object): void => {
  process.stdout.write(`${JSON.stringify(line)}\n`);
};

const { durationSec } = await probeVideo(film);
const started = performance.now();
const cpuStart = process.cpuUsage();
/** Processor seconds of this process (all its threads) since the start. */
const cpuSince = (): number => {
  const { user, system } = process.cpuUsage(cpuStart);
  return (user + system) / 1e6;
};
let nextMinute = 1;
const report = (filmSec: number): void => {
  while (filmSec >= nextMinute * 60) {
    const { rss, heapUsed } = process.memoryUsage();
    emit({
      minute: nextMinute,
      peakRssMb: peakMb(),
      rssMb: mb(rss),
      heapMb: mb(heapUsed),
      wallSec: (performance.now() - started) / 1000,
      cpuSec: cpuSince(),
    });
    nextMinute++;
  }
};
const analysis = await analyseTracking(film, {
  // the analysis reports 0–95 % over the film, the summary the rest
  onProgress: (percent) => report(Math.min(95, percent) * (durationSec / 95)),
});
report(durationSec);
emit({
  done: true,
  durationSec: analysis.durationSec,
  peakRssMb: peakMb(),
  wallSec: (performance.now() - started) / 1000,
  cpuSec: analysis.timings.cpuSec,
  tracks: analysis.stats.tracks,
  teams: analysis.teams.map((t) => `${t.teamLetter} ${t.primaryColor} [${t.players.join(',')}]`),
});
process.exit(0);
