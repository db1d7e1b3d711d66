import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { ProgressBar } from 'primereact/progressbar';
import { CUT_LEVELS, formatDuration, type CutStretch } from '@filmroom/contract';
import { useCutReview, useSaveCuts } from '../api/cut-review.js';
import { useFramePictures } from './use-frame-pictures.js';
import './cut-review-dialog.css';

interface CutReviewDialogProps {
  /** The Inactivity Filter output under review. */
  video: { id: string; title: string } | undefined;
  onHide(): void;
}

const lengthOf = (s: Pick<CutStretch, 'start' | 'end'>) => s.end - s.start;

/** Where a stretch's picture is taken: a little into it, so it shows the stretch and not its cut. */
const pictureTime = (s: CutStretch) =>
  Math.round((s.start + Math.min(1, lengthOf(s) / 2)) * 10) / 10;

function flip(stretch: CutStretch): CutStretch {
  return {
    ...stretch,
    kept: !stretch.kept,
    reason: stretch.kept ? 'Dropped by you' : 'Restored by you',
  };
}

/**
 * Review cuts (beyond the spec): the whole film in order, every kept play and cut stretch with its
 * picture, length and why; a click plays a stretch, another restores or drops it; "Keep more" and
 * "Cut more" re-decide the film; "Save" renders the output again from what is kept.
 */
export function CutReviewDialog({ video, onHide }: CutReviewDialogProps) {
  const [level, setLevel] = useState<number | undefined>(undefined);
  const review = useCutReview(video?.id, level);
  const save = useSaveCuts();
  const [stretches, setStretches] = useState<CutStretch[]>([]);
  const player = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState<CutStretch | null>(null);
  const data = review.data;

  useEffect(() => {
    if (data) setStretches(data.stretches);
  }, [data]);
  useEffect(() => {
    if (!video) {
      setLevel(undefined);
      setPlaying(null);
    }
  }, [video]);

  const shownLevel = level ?? data?.level ?? 0;
  const pictures = useFramePictures(
    data?.sourceUrl ?? '',
    useMemo(() => stretches.map(pictureTime), [stretches]),
  );
  const kept = stretches.filter((s) => s.kept);
  const keptSec = kept.reduce((sum, s) => sum + lengthOf(s), 0);

  const play = (stretch: CutStretch) => {
    const element = player.current;
    if (!element) return;
    setPlaying(stretch);
    element.currentTime = stretch.start;
    void element.play().catch(() => undefined);
  };
  const onTimeUpdate = () => {
    const element = player.current;
    if (element && playing && element.currentTime >= playing.end) {
      element.pause();
      setPlaying(null);
    }
  };

  const onSave = () => {
    if (!video) return;
    save.mutate(
      {
        videoId: video.id,
        level: shownLevel,
        kept: kept.map(({ start, end }) => ({ start, end })),
      },
      { onSuccess: onHide },
    );
  };

  const footer = (
    <div className="cut-review__footer">
      <Button type="button" label="Cancel" outlined onClick={onHide} />
      <Button
        type="button"
        label="Save"
        icon="pi pi-check"
        loading={save.isPending}
        disabled={!data || data.saving || kept.length === 0}
        onClick={onSave}
      />
    </div>
  );

  return (
    <Dialog
      header={video ? `Review cuts: ${video.title || 'No name'}` : 'Review cuts'}
      visible={video !== undefined}
      onHide={onHide}
      style={{ width: '80vw' }}
      breakpoints={{ '960px': '95vw' }}
      className="cut-review-dialog"
      footer={footer}
    >
      {!data ? (
        <ProgressBar mode="indeterminate" style={{ height: 6 }} aria-label="Loading the cuts" />
      ) : (
        <div className="cut-review">
          {data.sourceUrl && (
            <video
              ref={player}
              className="cut-review__player"
              src={data.sourceUrl}
              controls
              preload="metadata"
              onTimeUpdate={onTimeUpdate}
            />
          )}
          <div className="cut-review__toolbar">
            <p className="cut-review__summary" aria-live="polite">
              Kept {formatDuration(keptSec)} of {formatDuration(data.sourceDurationSec)},{' '}
              {kept.length} {kept.length === 1 ? 'play' : 'plays'}
            </p>
            <div className="cut-review__levels">
              <Button
                type="button"
                label="Keep more"
                icon="pi pi-plus"
                outlined
                disabled={shownLevel <= CUT_LEVELS.min || review.isFetching}
                onClick={() => setLevel(shownLevel - 1)}
              />
              <Button
                type="button"
                label="Cut more"
                icon="pi pi-minus"
                outlined
                disabled={shownLevel >= CUT_LEVELS.max || review.isFetching}
                onClick={() => setLevel(shownLevel + 1)}
              />
            </div>
          </div>
          {data.saving && (
            <p className="cut-review__note">
              Your last changes are still being saved. The video updates when they are ready.
            </p>
          )}
          <ol className="cut-review__stretches" aria-label="Kept and cut stretches">
            {stretches.map((stretch, index) => {
              const range = `${formatDuration(stretch.start)}–${formatDuration(stretch.end)}`;
              const picture = pictures.get(pictureTime(stretch));
              return (
                <li
                  key={`${stretch.start}-${stretch.end}`}
                  data-start={stretch.start}
                  data-end={stretch.end}
                  className={`cut-review__stretch cut-review__stretch--${stretch.kept ? 'kept' : 'cut'}`}
                >
                  <button
                    type="button"
                    className="cut-review__picture"
                    onClick={() => play(stretch)}
                    aria-label={`Play ${range}`}
                    disabled={!data.sourceUrl}
                  >
                    {picture ? <img src={picture} alt="" /> : <span className="pi pi-play" />}
                  </button>
                  <div className="cut-review__about">
                    <span className="cut-review__state">{stretch.kept ? 'Kept' : 'Cut'}</span>
                    <span className="cut-review__time">
                      {range} · {lengthOf(stretch).toFixed(1)} s
                    </span>
                    <span className="cut-review__reason">{stretch.reason}</span>
                  </div>
                  <Button
                    type="button"
                    className="cut-review__flip"
                    label={stretch.kept ? 'Drop' : 'Restore'}
                    aria-label={`${stretch.kept ? 'Drop' : 'Restore'} ${range}`}
                    size="small"
                    outlined={stretch.kept}
                    onClick={() =>
                      setStretches((all) => all.map((s, i) => (i === index ? flip(s) : s)))
                    }
                  />
                </li>
              );
            })}
          </ol>
        </div>
      )}
    </Dialog>
  );
}
