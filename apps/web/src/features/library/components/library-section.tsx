import { useMemo, useState } from 'react';
import { InputText } from 'primereact/inputtext';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { Messages, VideoType, type LibraryVideo } from '@filmroom/contract';
import { useLibraryVideos } from '../api/get-videos.js';
import { useDebouncedValue } from '../hooks/use-debounced-value.js';
import { matchesSearch } from '../hooks/matches-search.js';

interface VideoList {
  id: string;
  title: string;
  includes(video: LibraryVideo): boolean;
}

const LISTS: readonly VideoList[] = [
  { id: 'all', title: 'All Videos', includes: () => true },
  {
    id: 'inactivity',
    title: 'Inactivity Filtering Videos',
    includes: (video) => video.type === VideoType.Inactivity || video.type === VideoType.Both,
  },
  {
    id: 'tracking',
    title: 'Player Tracking Videos',
    includes: (video) => video.type === VideoType.PlayerTracking || video.type === VideoType.Both,
  },
];

export function LibrarySection() {
  const { data: videos = [] } = useLibraryVideos();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search);
  const found = useMemo(
    () => videos.filter((video) => matchesSearch(video, debouncedSearch)),
    [videos, debouncedSearch],
  );

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
      {LISTS.map((list) => {
        const listed = found.filter(list.includes);
        return (
          <section key={list.id} className="video-list" aria-labelledby={`list-${list.id}`}>
            <h3 id={`list-${list.id}`}>{list.title}</h3>
            {listed.length === 0 ? (
              <p className="empty-text">{Messages.noVideosForFilters}</p>
            ) : (
              <ul className="video-list__row">
                {listed.map((video) => (
                  <li key={video.id} className="video-tile">
                    <span className="video-tile__title">{video.title || 'No name'}</span>
                    <span className="video-tile__description">
                      {video.description || 'No description'}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </section>
  );
}
