import { useMemo, useState } from 'react';
import { InputText } from 'primereact/inputtext';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { confirmDialog } from 'primereact/confirmdialog';
import { TOOL_IDS, TOOLS, toolsOfVideoType, type LibraryVideo } from '@filmroom/contract';
import { useLibraryVideos } from '../api/get-videos.js';
import { useDeleteVideo } from '../api/delete-video.js';
import { useDebouncedValue } from '../hooks/use-debounced-value.js';
import { matchesSearch } from '../hooks/matches-search.js';
import { EditVideoDialog } from './edit-video-dialog.js';
import { PreviewDialog } from './preview-dialog.js';
import { ShareDialog } from './share-dialog.js';
import { VideoCarousel } from './video-carousel.js';

interface VideoList {
  id: string;
  title: string;
  includes(video: LibraryVideo): boolean;
}

/** All videos, then one list per tool of the videos it made (Both shows in each). */
export const VIDEO_LISTS: readonly VideoList[] = [
  { id: 'all', title: 'All Videos', includes: () => true },
  ...TOOL_IDS.map((tool) => ({
    id: tool,
    title: TOOLS[tool].listTitle,
    includes: (video: LibraryVideo) => toolsOfVideoType(video.type).includes(tool),
  })),
];

interface LibrarySectionProps {
  /** Opens player selection for a tracked video; the processing feature provides it. */
  onSelectPlayers?(video: LibraryVideo): void;
  /** Opens sharing for a video; without it the card offers the download-only share dialog. */
  onShare?(video: LibraryVideo): void;
  /** Opens the review of an Inactivity Filter output's cuts, from its preview (beyond the spec). */
  onReviewCuts?(video: LibraryVideo): void;
}

export function LibrarySection({ onSelectPlayers, onShare, onReviewCuts }: LibrarySectionProps) {
  const { data: videos = [] } = useLibraryVideos();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search);
  const [previewed, setPreviewed] = useState<LibraryVideo>();
  const [edited, setEdited] = useState<LibraryVideo>();
  const [shared, setShared] = useState<LibraryVideo>();
  const deleteVideo = useDeleteVideo();
  const found = useMemo(
    () => videos.filter((video) => matchesSearch(video, debouncedSearch)),
    [videos, debouncedSearch],
  );

  function confirmDelete(video: LibraryVideo) {
    confirmDialog({
      header: 'Delete Video',
      message: 'Are you sure you want to delete the video?',
      icon: 'pi pi-exclamation-triangle',
      defaultFocus: 'reject',
      acceptClassName: 'p-button-danger',
      accept: () => deleteVideo.mutate(video.id),
    });
  }

  const actions = {
    onEdit: setEdited,
    onPreview: setPreviewed,
    onShare: onShare ?? setShared,
    onDelete: confirmDelete,
    onSelectPlayers,
  };

  return (
    <section className="library" aria-labelledby="library-title">
      <div className="library__header">
        <h2 id="library-title" className="section-title">
          Video Library
        </h2>
        <IconField iconPosition="left" className="library__search">
          <InputIcon className="pi pi-search" />
          <InputText
            type="search"
            aria-label="Search all videos"
            placeholder="Search all videos"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </IconField>
      </div>
      {VIDEO_LISTS.map((list) => (
        <VideoCarousel
          key={list.id}
          id={list.id}
          title={list.title}
          videos={found.filter(list.includes)}
          {...actions}
        />
      ))}
      <PreviewDialog
        video={previewed}
        onHide={() => setPreviewed(undefined)}
        onReviewCuts={onReviewCuts}
      />
      <EditVideoDialog video={edited} onHide={() => setEdited(undefined)} />
      <ShareDialog video={shared} onHide={() => setShared(undefined)} />
    </section>
  );
}
