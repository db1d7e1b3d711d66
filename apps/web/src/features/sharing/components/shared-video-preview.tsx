import type { LibraryVideo } from '@filmroom/contract';
import { formatVideoDate } from '../../../lib/format-date.js';

/** The card preview in the share modal: thumbnail, date, title and description. */
export function SharedVideoPreview({ video }: { video: LibraryVideo }) {
  const title = video.title || 'No name';
  return (
    <article className="share-preview" aria-label={`${title} preview`}>
      {video.thumbnailUrl ? (
        <img className="share-preview__thumbnail" src={video.thumbnailUrl} alt="" />
      ) : (
        <div
          className="share-preview__thumbnail share-preview__thumbnail--empty"
          aria-hidden="true"
        >
          <i className="pi pi-image" />
        </div>
      )}
      <div className="share-preview__body">
        <span className="share-preview__date">{formatVideoDate(video.date)}</span>
        <h4 className="share-preview__title">{title}</h4>
        <p className="share-preview__description">{video.description || 'No description'}</p>
      </div>
    </article>
  );
}
