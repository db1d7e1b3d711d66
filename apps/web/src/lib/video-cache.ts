import type { QueryClient } from '@tanstack/react-query';
import type { InProgressVideo, LibraryVideo } from '@filmroom/contract';

/**
 * The two video lists live in the query cache and several features change them (uploads add, edits
 * replace, deletes remove). Their keys and the updates live here so features need not import each other.
 */
export const libraryVideosQueryKey = ['videos', 'library'] as const;
export const inProgressVideosQueryKey = ['videos', 'in-progress'] as const;

function updateLibrary(
  client: QueryClient,
  update: (videos: LibraryVideo[]) => LibraryVideo[],
): void {
  client.setQueryData<LibraryVideo[]>(libraryVideosQueryKey, (videos) => update(videos ?? []));
}

function updateInProgress(
  client: QueryClient,
  update: (videos: InProgressVideo[]) => InProgressVideo[],
): void {
  client.setQueryData<InProgressVideo[]>(inProgressVideosQueryKey, (videos) =>
    update(videos ?? []),
  );
}

/** A new library video goes to the top of the library (spec §4). */
export function prependLibraryVideo(client: QueryClient, video: LibraryVideo): void {
  updateLibrary(client, (videos) => [video, ...videos.filter((item) => item.id !== video.id)]);
}

export function addInProgressVideo(client: QueryClient, video: InProgressVideo): void {
  updateInProgress(client, (videos) => [...videos.filter((item) => item.id !== video.id), video]);
}

export interface VideoDetails {
  videoId: string;
  title: string;
  description: string;
  notes: string;
}

/** Library entry replaced with the new details; an in-progress entry keeps its title and progress. */
export function applyVideoDetails(client: QueryClient, details: VideoDetails): void {
  const { videoId, title, description, notes } = details;
  updateLibrary(client, (videos) =>
    videos.map((video) => (video.id === videoId ? { ...video, title, description, notes } : video)),
  );
  updateInProgress(client, (videos) =>
    videos.map((video) =>
      video.id === videoId
        ? { ...video, title: video.title, percentageCompleted: video.percentageCompleted }
        : video,
    ),
  );
}

/** Removes a video from every list (spec §4 Delete). */
export function removeVideoEverywhere(client: QueryClient, videoId: string): void {
  updateLibrary(client, (videos) => videos.filter((video) => video.id !== videoId));
  removeInProgressVideo(client, videoId);
}

export function removeInProgressVideo(client: QueryClient, videoId: string): void {
  updateInProgress(client, (videos) => videos.filter((video) => video.id !== videoId));
}
