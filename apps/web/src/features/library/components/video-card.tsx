import { useRef } from 'react';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { Tool, TOOLS, VideoType, type LibraryVideo } from '@filmroom/contract';
import { ChosenPlayersLine, VideoLength, VideoOrigin } from '../../../components/video-origin.js';
import { formatVideoDate } from '../../../lib/format-date.js';

export interface VideoCardActions {
  onEdit(video: LibraryVideo): void;
  onPreview(video: LibraryVideo): void;
  onShare(video: LibraryVideo): void;
  onDelete(video: LibraryVideo): void;
  onSelectPlayers?(video: LibraryVideo): void;
}

const MARKERS: Partial<Record<VideoType, { className: string; label: string }>> = {
  [VideoType.Inactivity]: { className: 'inactivity', label: TOOLS[Tool.Inactivity].name },
  [VideoType.PlayerTracking]: { className: 'tracking', label: TOOLS[Tool.PlayerTracking].name },
  [VideoType.Both]: {
    className: 'both',
    label: `${TOOLS[Tool.Inactivity].name} and ${TOOLS[Tool.PlayerTracking].name}`,
  },
};

export function menuItemsFor(video: LibraryVideo, actions: VideoCardActions): MenuItem[] {
  const items: MenuItem[] = [
    { label: 'Edit', icon: 'pi pi-pencil', command: () => actions.onEdit(video) },
    { label: 'Preview', icon: 'pi pi-play', command: () => actions.onPreview(video) },
  ];
  if (video.canSelectPlayers) {
    items.push({
      label: 'Select Players',
      icon: 'pi pi-users',
      command: () => actions.onSelectPlayers?.(video),
    });
  }
  items.push(
    { label: 'Share', icon: 'pi pi-share-alt', command: () => actions.onShare(video) },
    { label: 'Delete', icon: 'pi pi-trash', command: () => actions.onDelete(video) },
  );
  return items;
}

/** A library video in a carousel (spec §2 Video card). */
export function VideoCard({ video, ...actions }: { video: LibraryVideo } & VideoCardActions) {
  const menu = useRef<Menu>(null);
  const title = video.title || 'No name';
  const marker = MARKERS[video.type];

  return (
    <article className="video-card" role="group" aria-label={title}>
      <div className="video-card__media">
        {video.thumbnailUrl ? (
          <img className="video-card__thumbnail" src={video.thumbnailUrl} alt="" />
        ) : (
          <div
            className="video-card__thumbnail video-card__thumbnail--empty"
            role="img"
            aria-label="No thumbnail"
          >
            <i className="pi pi-image" aria-hidden="true" />
          </div>
        )}
        <button
          type="button"
          className="video-card__play"
          aria-label={`Play ${title}`}
          onClick={() => actions.onPreview(video)}
        >
          <i className="pi pi-play-circle" aria-hidden="true" />
        </button>
        <VideoLength video={video} />
        {marker && (
          <span
            className={`video-card__marker video-card__marker--${marker.className}`}
            role="img"
            aria-label={marker.label}
            title={marker.label}
          />
        )}
      </div>
      <div className="video-card__body">
        <div className="video-card__meta">
          <span className="video-card__date">{formatVideoDate(video.date)}</span>
          <Menu model={menuItemsFor(video, actions)} popup ref={menu} />
          <Button
            type="button"
            icon="pi pi-ellipsis-v"
            text
            rounded
            className="video-card__menu"
            aria-label="Video options"
            aria-haspopup="menu"
            onClick={(event) => menu.current?.toggle(event)}
          />
        </div>
        <h4 className="video-card__title">{title}</h4>
        <VideoOrigin video={video} />
        <ChosenPlayersLine video={video} />
        <p className="video-card__description">{video.description || 'No description'}</p>
        <div className="video-card__actions">
          <Button
            type="button"
            icon="pi pi-share-alt"
            text
            rounded
            aria-label="Share"
            onClick={() => actions.onShare(video)}
          />
          <Button
            type="button"
            icon="pi pi-trash"
            text
            rounded
            severity="danger"
            aria-label="Delete"
            onClick={() => actions.onDelete(video)}
          />
        </div>
      </div>
    </article>
  );
}
