import { VideoType, type InProgressVideo, type LibraryVideo } from '@filmroom/contract';

export function libraryVideo(overrides: Partial<LibraryVideo> & { id: string }): LibraryVideo {
  return {
    title: `Video ${overrides.id}`,
    description: 'Game film',
    notes: '',
    url: `http://127.0.0.1:1/media/${overrides.id}.mp4`,
    thumbnailUrl: '',
    date: '2025-03-04',
    type: VideoType.None,
    canSelectPlayers: false,
    ...overrides,
  };
}

export function inProgressVideo(
  overrides: Partial<InProgressVideo> & { id: string },
): InProgressVideo {
  return {
    type: VideoType.Inactivity,
    title: `Processing ${overrides.id}`,
    date: '2025-03-05',
    percentageCompleted: 50,
    canSelectPlayers: false,
    errorMessage: '',
    errorAlreadyMarkedAsReaded: false,
    ...overrides,
  };
}
