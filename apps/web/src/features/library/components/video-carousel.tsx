import { useState } from 'react';
import { Button } from 'primereact/button';
import type { Swiper as SwiperInstance } from 'swiper';
import { Swiper, SwiperSlide } from 'swiper/react';
import { Messages, type LibraryVideo } from '@filmroom/contract';
import { VideoCard, type VideoCardActions } from './video-card.js';
import 'swiper/css';

/** Carousel gap and slides per viewport width (spec §2). */
export const CAROUSEL_SPACE_BETWEEN = 15;
export const CAROUSEL_BREAKPOINTS = {
  0: { slidesPerView: 1 },
  600: { slidesPerView: 2 },
  890: { slidesPerView: 3 },
  1500: { slidesPerView: 4 },
  1900: { slidesPerView: 5 },
  2300: { slidesPerView: 6 },
  2700: { slidesPerView: 7 },
} as const;

interface VideoCarouselProps extends VideoCardActions {
  id: string;
  title: string;
  videos: LibraryVideo[];
}

export function VideoCarousel({ id, title, videos, ...actions }: VideoCarouselProps) {
  const [swiper, setSwiper] = useState<SwiperInstance>();
  const [edges, setEdges] = useState({ isBeginning: true, isEnd: true });
  const trackEdges = (instance: SwiperInstance) =>
    setEdges({ isBeginning: instance.isBeginning, isEnd: instance.isEnd });

  return (
    <section className="video-list" aria-labelledby={`list-${id}`}>
      <div className="video-list__header">
        <h3 id={`list-${id}`}>{title}</h3>
        {videos.length > 0 && (
          <div className="video-list__arrows">
            <Button
              type="button"
              icon="pi pi-chevron-left"
              rounded
              text
              aria-label={`Previous ${title}`}
              disabled={edges.isBeginning}
              onClick={() => swiper?.slidePrev()}
            />
            <Button
              type="button"
              icon="pi pi-chevron-right"
              rounded
              text
              aria-label={`Next ${title}`}
              disabled={edges.isEnd}
              onClick={() => swiper?.slideNext()}
            />
          </div>
        )}
      </div>
      {videos.length === 0 ? (
        <p className="empty-text">{Messages.noVideosForFilters}</p>
      ) : (
        <Swiper
          className="video-list__carousel"
          spaceBetween={CAROUSEL_SPACE_BETWEEN}
          breakpoints={CAROUSEL_BREAKPOINTS}
          onSwiper={(instance) => {
            setSwiper(instance);
            trackEdges(instance);
          }}
          onSlideChange={trackEdges}
          onResize={trackEdges}
          onSlidesLengthChange={trackEdges}
        >
          {videos.map((video) => (
            <SwiperSlide key={video.id}>
              <VideoCard video={video} {...actions} />
            </SwiperSlide>
          ))}
        </Swiper>
      )}
    </section>
  );
}
