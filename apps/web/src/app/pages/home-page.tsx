import { useState } from 'react';
import type { LibraryVideo } from '@filmroom/contract';
import { useClock } from '../../lib/clock.js';
import { DowntimeBanner } from '../../components/downtime-banner.js';
import { LibrarySection } from '../../features/library/components/library-section.js';
import { InProgressSection } from '../../features/processing/components/in-progress-section.js';
import { UploadButtons } from '../../features/upload/components/upload-buttons.js';
import { ShareVideoDialog } from '../../features/sharing/components/share-video-dialog.js';
import { useUploadLauncher } from '../upload-flow.js';
import { CutReviewDialog } from '../../features/cut-review/components/cut-review-dialog.js';
import {
  SelectPlayersDialog,
  type SelectableVideo,
} from '../../features/tracking/components/select-players-dialog.js';

export function HomePage() {
  const clock = useClock();
  const openUpload = useUploadLauncher();
  const [shared, setShared] = useState<LibraryVideo>();
  const [selecting, setSelecting] = useState<SelectableVideo>();
  const [reviewing, setReviewing] = useState<LibraryVideo>();
  return (
    <div className="page">
      {/* The page's name for screen readers and the outline; the header's Home tab says it on screen. */}
      <h1 className="visually-hidden">Home</h1>
      <DowntimeBanner now={clock()} />
      <div className="home-top">
        <section className="upload-area" aria-labelledby="upload-title">
          <h2 id="upload-title" className="section-title">
            Upload a video to edit
          </h2>
          <p className="muted">Run a tool on a game video or keep it in your library for later.</p>
          <UploadButtons onSelect={openUpload} />
        </section>
        <InProgressSection onSelectPlayers={setSelecting} />
      </div>
      <LibrarySection
        onShare={setShared}
        onSelectPlayers={setSelecting}
        onReviewCuts={setReviewing}
      />
      <ShareVideoDialog video={shared} onHide={() => setShared(undefined)} />
      <SelectPlayersDialog video={selecting} onHide={() => setSelecting(undefined)} />
      <CutReviewDialog video={reviewing} onHide={() => setReviewing(undefined)} />
    </div>
  );
}
