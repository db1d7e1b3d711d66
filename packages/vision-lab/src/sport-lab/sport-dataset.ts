import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { FilmSport } from '@filmroom/vision/perception';
import { sharedMediaDir } from '@filmroom/test-media';

/** What a film or frame shows: one of the four sports, or none (a street, a press conference). */
export type SportLabel = FilmSport | 'none';

/** One labelled film or still of the real development media. */
export interface SportItem {
  path: string;
  kind: 'film' | 'image';
  label: SportLabel;
  /**
   * Where it comes from (one game, one repository's footage): items of a group look alike, so a group
   * is tuned on or held out whole, never split.
   */
  group: string;
}

const SPORT_OF_PREFIX: Record<string, FilmSport> = {
  football: 'american-football',
  amfb: 'american-football',
  basketball: 'basketball',
  bball: 'basketball',
  soccer: 'soccer',
  volleyball: 'volleyball',
  volley: 'volleyball',
};

/** The real films and frames with their sport, from the shared media folder (see its README). */
export function realSportItems(): SportItem[] {
  const media = sharedMediaDir();
  const items: SportItem[] = [];
  const clips = join(media, 'real-clips');
  for (const name of readdirSync(clips)
    .filter((n) => n.endsWith('.mp4'))
    .sort()) {
    items.push({ path: join(clips, name), kind: 'film', label: 'american-football', group: 'mca' });
  }
  const videos = join(media, 'video');
  for (const name of readdirSync(videos).sort()) {
    const [prefix, source] = name.split('_');
    const label = SPORT_OF_PREFIX[prefix ?? ''];
    if (!label) continue;
    // The KATS-BEDS clip is the same match as its frame in real-frames.
    items.push({ path: join(videos, name), kind: 'film', label, group: source ?? name });
  }
  const frames = join(media, 'real-frames', 'frames');
  for (const name of readdirSync(frames).sort()) {
    const [prefix, source] = name.split('_');
    const label = SPORT_OF_PREFIX[prefix ?? ''];
    if (!label) continue;
    // VolleyVision's frames (shukkkur) are one repository's pictures, as frames/volleyball/ are.
    const group = name.includes('shukkkur') ? 'volleyvision' : (source ?? name);
    items.push({ path: join(frames, name), kind: 'image', label, group });
  }
  const loose = join(media, 'frames');
  const looseLabels: Record<string, [SportLabel, string]> = {
    'amfb_sidecut.jpeg': ['american-football', 'sidecut'],
    'football_frame.jpg': ['soccer', 'mradovic'],
    'bus.jpg': ['none', 'ultralytics'],
    'zidane.jpg': ['none', 'ultralytics'],
  };
  for (const [name, [label, group]] of Object.entries(looseLabels)) {
    items.push({ path: join(loose, name), kind: 'image', label, group });
  }
  const volleyball = join(loose, 'volleyball');
  for (const name of readdirSync(volleyball).sort()) {
    items.push({
      path: join(volleyball, name),
      kind: 'image',
      label: 'volleyball',
      group: 'volleyvision',
    });
  }
  return items;
}

export function itemName(item: SportItem): string {
  return basename(item.path);
}
