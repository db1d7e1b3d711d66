import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPersonFinder, findPeople } from '@filmroom/vision/perception';
import { readFrames, probeVideo, type Segment } from '@filmroom/vision/media';
import {
  buildFeatureMatrix,
  FEATURE_NAMES,
  LIVE_PLAY_MODEL,
  liveProbabilities,
} from '@filmroom/vision/inactivity';
import { findSharedMedia } from '@filmroom/test-media';
import { auc } from '../auc.js';
import { cachedFeatures } from '../feature-cache.js';
import { loadLabelledClips } from '../real-labels.js';
import { MoveNetPose } from './movenet-pose.js';
import { fieldPeople, isBent, isUpright, median, postureOf } from './posture.js';

/**
 * Lab probe (issue 48, item 4): does posture tell a play from people moving between plays? Over the
 * marked real clips, at `POSE_FPS` frames a second, every person the detector finds at least
 * `POSE_MIN_HEIGHT` pixels tall (in a 1280-wide frame) and no taller than twice the frame's median
 * person (the people near the camera: bench, coaches) gets a MoveNet pose. Per frame: the share of
 * posed people upright, the share bent over, the median torso lean. Prints each measure's AUC for
 * live against dead moments outside the 1.5 s / 3 s allowance, over all moments and over the
 * "candidates" only (moments the shipped model's probability reaches its enter level), beside the
 * model's probability and the motion features.
 *
 *   npm run build -w @filmroom/vision -w @filmroom/vision-lab && node packages/vision-lab/dist/inactivity-lab/posture/posture-probe.js
 */

interface Sample {
  live: boolean;
  candidate: boolean;
  values: number[];
}

const MEASURES = ['upright share', 'bent share', 'median lean', 'median knee', 'probability'];
const COMPARED_NAMES = ['motion.around', 'movers.around'];

async function main(): Promise<void> {
  const fps = Number(process.env.POSE_FPS ?? 2);
  const minHeight = Number(process.env.POSE_MIN_HEIGHT ?? 40);
  const width = 1280;
  const height = 720;
  const clips = loadLabelledClips(findSharedMedia()).filter((c) => c.path.includes('real-clips'));
  const finder = await createPersonFinder(0);
  const pose = await MoveNetPose.create();
  const compared = COMPARED_NAMES.map((name) => FEATURE_NAMES.findIndex((f) => f.name === name));
  const stride = FEATURE_NAMES.length;
  const samples: Sample[] = [];
  let posed = 0;
  let frames = 0;
  let poseMs = 0;
  for (const clip of clips) {
    const info = await probeVideo(clip.path);
    const analysis = await cachedFeatures(clip.path);
    const matrix = buildFeatureMatrix(analysis);
    const p = liveProbabilities(matrix, LIVE_PLAY_MODEL);
    let line = '';
    for await (const fr of readFrames({ input: clip.path, info, fps, width, height })) {
      const frame = { width: fr.width, height: fr.height, data: fr.data };
      const people = await findPeople(finder, frame, { minScore: 0.25 });
      const field = fieldPeople(people, minHeight);
      const postures = [];
      const started = performance.now();
      for (const d of field) {
        const found = postureOf(await pose.estimate(frame, d.box));
        if (found) postures.push(found);
      }
      poseMs += performance.now() - started;
      posed += field.length;
      frames += 1;
      const t = fr.timeSec;
      const live = clip.live.some((s: Segment) => t >= s.start && t < s.end);
      const scored = live || !clip.live.some((s: Segment) => t >= s.start - 1.5 && t < s.end + 3);
      const row = Math.min(matrix.count - 1, Math.round(t * analysis.fps));
      const upright = postures.filter(isUpright).length / Math.max(1, postures.length);
      const bent = postures.filter(isBent).length / Math.max(1, postures.length);
      if (scored && postures.length >= 3)
        samples.push({
          live,
          candidate: p[row]! >= LIVE_PLAY_MODEL.enter,
          values: [
            upright,
            bent,
            median(postures.map((q) => q.leanDeg)),
            median(postures.map((q) => q.kneeDeg)),
            p[row]!,
            ...compared.map((c) => matrix.values[row * stride + c]!),
          ],
        });
      line += `${live ? 'L' : '.'}${Math.round(upright * 9)} `;
    }
    console.log(`${clip.name.padEnd(14)} ${line}`);
  }
  await pose.close();
  await finder.close();
  const names = [...MEASURES, ...COMPARED_NAMES];
  const report = (title: string, set: Sample[]): void => {
    const live = set.filter((s) => s.live);
    const dead = set.filter((s) => !s.live);
    const cells = names.map(
      (name, k) =>
        `${name} ${(
          auc(
            live.map((s) => s.values[k]!),
            dead.map((s) => s.values[k]!),
          ) ?? 0
        ).toFixed(3)}`,
    );
    console.log(`${title} (${live.length} live, ${dead.length} dead): ${cells.join(' | ')}`);
  };
  console.log('\nAUC, live against dead moments (above 0.5: the measure is higher in play)');
  report('all moments', samples);
  report(
    'candidates (probability at or above enter)',
    samples.filter((s) => s.candidate),
  );
  console.log(
    `${(posed / Math.max(1, frames)).toFixed(1)} people posed a frame, ${(poseMs / Math.max(1, posed)).toFixed(1)} ms a pose`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
