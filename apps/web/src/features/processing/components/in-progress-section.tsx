import { Messages } from '@filmroom/contract';
import { ProgressBar } from 'primereact/progressbar';
import { useInProgressVideos } from '../api/get-in-progress-videos.js';

/** Videos being processed; the full cards arrive with the processing tools. */
export function InProgressSection() {
  const { data: videos = [], isLoading } = useInProgressVideos();
  return (
    <section className="in-progress" aria-labelledby="in-progress-title">
      <h2 id="in-progress-title" className="section-title">
        In progress
      </h2>
      {isLoading ? (
        <ProgressBar mode="indeterminate" style={{ height: 4 }} />
      ) : videos.length === 0 ? (
        <p className="empty-text">{Messages.noVideosInProgress}</p>
      ) : (
        <ul className="in-progress__list">
          {videos.map((video) => (
            <li key={video.id} className="in-progress__item">
              <span className="in-progress__title">{video.title || 'No name'}</span>
              <ProgressBar value={video.percentageCompleted} style={{ height: 8 }} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
