import { useMemo, useState } from 'react';
import { InputText } from 'primereact/inputtext';
import { Messages, type LibraryVideo } from '@filmroom/contract';
import { videoFactsText } from '../../../components/video-origin.js';
import { formatVideoDate } from '../../../lib/format-date.js';

interface LibraryVideoPickerProps {
  videos: readonly LibraryVideo[];
  selectedId: string | undefined;
  onChange(videoId: string | undefined): void;
}

function matches(video: LibraryVideo, search: string): boolean {
  const term = search.trim().toLowerCase();
  return term === '' || (video.title ?? '').toLowerCase().includes(term);
}

/** 'All Videos': a searchable list where choosing one video deselects any other (spec §2). */
export function LibraryVideoPicker({ videos, selectedId, onChange }: LibraryVideoPickerProps) {
  const [search, setSearch] = useState('');
  const shown = useMemo(() => videos.filter((video) => matches(video, search)), [videos, search]);

  return (
    <div className="video-picker">
      <h3 id="video-picker-title" className="video-picker__title">
        All Videos
      </h3>
      <InputText
        type="search"
        className="video-picker__search"
        aria-label="Search videos"
        placeholder="Search videos"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {shown.length === 0 ? (
        <p className="empty-text">{Messages.noVideosForFilters}</p>
      ) : (
        <ul className="video-picker__list" role="listbox" aria-labelledby="video-picker-title">
          {shown.map((video) => {
            const isSelected = video.id === selectedId;
            return (
              <li
                key={video.id}
                role="option"
                aria-selected={isSelected}
                tabIndex={0}
                className={`video-picker__item${isSelected ? ' video-picker__item--selected' : ''}`}
                onClick={() => onChange(isSelected ? undefined : video.id)}
                onKeyDown={(event) => {
                  if (event.key !== 'Enter' && event.key !== ' ') return;
                  event.preventDefault();
                  onChange(isSelected ? undefined : video.id);
                }}
              >
                {video.thumbnailUrl ? (
                  <img className="video-picker__thumbnail" src={video.thumbnailUrl} alt="" />
                ) : (
                  <span className="video-picker__thumbnail video-picker__thumbnail--empty">
                    <i className="pi pi-image" aria-hidden="true" />
                  </span>
                )}
                <span className="video-picker__name">
                  {video.title || 'No name'}
                  <span className="video-facts">{videoFactsText(video)}</span>
                </span>
                <span className="video-picker__date">{formatVideoDate(video.date)}</span>
                {isSelected && <i className="pi pi-check" aria-hidden="true" />}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
