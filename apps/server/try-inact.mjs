import { generateFilm, runInactivityFilter } from '@filmroom/vision';
let t=Date.now();
const film = await generateFilm({ sport: 'soccer', seed: 3, durationSec: 24, outDir: '/work/main/apps/server/.cache/films', width: 320, height: 180, fps: 15 });
console.log('gen', Date.now()-t, film.path, film.live); t=Date.now();
const r = await runInactivityFilter({ input: film.path, output: '/tmp/inact-out.mp4', onProgress: (p)=>{} });
console.log('inact', Date.now()-t, r.segments, r.keptSec, r.durationSec, r.rendered);
