import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { VideoPlayer } from './video-player.js';

const plays = [
  { start: 0, end: 6.3 },
  { start: 6.3, end: 14.2 },
  { start: 14.2, end: 20 },
];

function renderPlayer(props: Partial<Parameters<typeof VideoPlayer>[0]> = {}) {
  const user = userEvent.setup();
  render(
    <VideoPlayer src="http://127.0.0.1:1/media/1.mp4" title="Home opener" autoFocus {...props} />,
  );
  const player = screen.getByRole('group', { name: 'Home opener player' });
  const video = player.querySelector('video')!;
  return { user, player, video };
}

// jsdom plays no media: playing and pausing only need to be callable.
beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});

describe('VideoPlayer', () => {
  it('plays the video under its title and takes the focus for its shortcuts', () => {
    const { player, video } = renderPlayer({ poster: 'http://127.0.0.1:1/thumbs/1.jpg' });
    expect(video).toHaveAttribute('src', 'http://127.0.0.1:1/media/1.mp4');
    expect(video).toHaveAttribute('poster', 'http://127.0.0.1:1/thumbs/1.jpg');
    expect(video).toHaveAccessibleName('Video Home opener');
    expect(player).toHaveFocus();
  });

  it("'.' shows the next frame and ',' the previous one, at 30 fps until the film's rate is known", async () => {
    const { user, video } = renderPlayer();
    await user.keyboard('.');
    expect(video.currentTime).toBeCloseTo(1 / 30, 9);
    await user.keyboard('..');
    expect(video.currentTime).toBeCloseTo(3 / 30, 9);
    await user.keyboard(',');
    expect(video.currentTime).toBeCloseTo(2 / 30, 9);
  });

  it('steps by the frame rate it is given, from the buttons too', async () => {
    const { user, video } = renderPlayer({ frameRate: 25 });
    await user.click(screen.getByRole('button', { name: 'Next frame' }));
    expect(video.currentTime).toBeCloseTo(1 / 25, 9);
    await user.click(screen.getByRole('button', { name: 'Previous frame' }));
    expect(video.currentTime).toBe(0);
  });

  it('goes from play to play with N and P and the buttons, and says which play is on', async () => {
    const { user, video } = renderPlayer({ chapters: plays });
    const group = screen.getByRole('group', { name: 'Plays' });
    expect(within(group).getByText('Play 1 of 3')).toBeInTheDocument();
    await user.keyboard('n');
    expect(video.currentTime).toBe(6.3);
    expect(within(group).getByText('Play 2 of 3')).toBeInTheDocument();
    await user.click(within(group).getByRole('button', { name: 'Next play' }));
    expect(video.currentTime).toBe(14.2);
    expect(within(group).getByText('Play 3 of 3')).toBeInTheDocument();
    await user.keyboard('p');
    expect(video.currentTime).toBe(6.3);
    await user.click(within(group).getByRole('button', { name: 'Previous play' }));
    expect(video.currentTime).toBe(0);
    expect(within(group).getByText('Play 1 of 3')).toBeInTheDocument();
  });

  it('calls the chapters of a tracked video clips', () => {
    renderPlayer({ chapters: plays, chapterNoun: 'clip' });
    expect(screen.getByRole('button', { name: 'Next clip' })).toBeInTheDocument();
    expect(screen.getByText('Clip 1 of 3')).toBeInTheDocument();
  });

  it('has no play controls on a video without chapters, and N does nothing', async () => {
    const { user, video } = renderPlayer();
    expect(screen.queryByRole('group', { name: 'Plays' })).not.toBeInTheDocument();
    await user.keyboard('n');
    expect(video.currentTime).toBe(0);
  });

  it('lists its keyboard shortcuts on the button and on ?', async () => {
    const { user, player } = renderPlayer({ chapters: plays });
    const toggle = screen.getByRole('button', { name: 'Keyboard shortcuts' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('table', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument();
    await user.click(toggle);
    const list = screen.getByRole('table', { name: 'Keyboard shortcuts' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const rows = within(list)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(
      expect.arrayContaining([
        '.Next frame',
        ',Previous frame',
        'JPlay backwards (press again: faster)',
        'KPause',
        'LPlay forwards (press again: faster)',
        'ISet loop start here',
        'NNext play or clip',
      ]),
    );
    player.focus();
    await user.keyboard('?');
    expect(screen.queryByRole('table', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument();
  });

  it('sets the speed from its buttons and shows the one in use as pressed', async () => {
    const { user, video } = renderPlayer();
    const speed = screen.getByRole('group', { name: 'Speed' });
    expect(within(speed).getByRole('button', { name: '1x' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(speed).getByRole('button', { name: '0.25x' }));
    expect(video.playbackRate).toBe(0.25);
    fireEvent(video, new Event('ratechange'));
    expect(within(speed).getByRole('button', { name: '0.25x' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(speed).getByRole('button', { name: '1x' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('marks a loop with I and O, shows it, and clears it with X', async () => {
    const { user, video, player } = renderPlayer();
    video.currentTime = 1;
    await user.keyboard('i');
    expect(screen.getByText('Loop from 0:01.0')).toBeInTheDocument();
    video.currentTime = 2.5;
    await user.keyboard('o');
    expect(screen.getByText('Looping 0:01.0 – 0:02.5')).toBeInTheDocument();
    player.focus();
    await user.keyboard('x');
    expect(screen.queryByText(/Looping/)).not.toBeInTheDocument();
  });

  it('leaves keys typed into a field alone', async () => {
    const user = userEvent.setup();
    render(
      <div>
        <input aria-label="Search" />
        <VideoPlayer src="http://127.0.0.1:1/media/1.mp4" title="Home opener" />
      </div>,
    );
    await user.type(screen.getByLabelText('Search'), '.');
    const video = screen.getByRole('group', { name: 'Home opener player' }).querySelector('video')!;
    expect(video.currentTime).toBe(0);
  });
});
