import type { LibraryVideo } from '@filmroom/contract';

/** Case-insensitive title match on trimmed text; an empty search shows everything (spec §2). */
export function matchesSearch(video: Pick<LibraryVideo, 'title'>, search: string): boolean {
  const term = search.trim().toLowerCase();
  if (term === '') return true;
  return (video.title ?? '').toLowerCase().includes(term);
}
