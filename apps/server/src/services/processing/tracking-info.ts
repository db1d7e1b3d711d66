import type { TrackedPlayer, TrackingInfoResponse } from '@filmroom/contract';
import type { TimeRange } from '@filmroom/vision/engine';
import type { MediaUrlSigner } from '../media/signed-media-url.js';
import type { StoredAnalysis } from './processing-types.js';

const seconds = (v: number) => Math.round(v * 10) / 10;

function onScreen(appearances: readonly TimeRange[]) {
  return {
    onScreenSec: seconds(appearances.reduce((s, a) => s + (a.end - a.start), 0)),
    firstSeenSec: seconds(appearances[0]?.start ?? 0),
    lastSeenSec: seconds(appearances[appearances.length - 1]?.end ?? 0),
  };
}

/**
 * The teams as Select Players shows them (spec §3 tracking info): the numbers the spec asks for, and
 * beside them every listed player, by number first, then those picked by photo, longest on screen
 * first, each with a signed photo URL.
 */
export function trackingInfoOf(
  analysis: StoredAnalysis,
  signer: MediaUrlSigner,
): TrackingInfoResponse {
  const photoUrl = (id: string) => {
    const key = analysis.photos[id];
    return key ? signer.sign({ key }) : null;
  };
  return {
    teams: analysis.teams.map((team) => {
      const numbered = analysis.players
        .filter((p) => p.teamLetter === team.teamLetter)
        .map((p): TrackedPlayer => ({
          id: p.id,
          number: p.number,
          numberedByCoach: p.byCoach === true,
          photoUrl: photoUrl(p.id),
          ...onScreen(p.appearances),
        }));
      const byPhoto = analysis.unnumbered
        .filter((p) => p.teamLetter === team.teamLetter)
        .map((p): TrackedPlayer => ({
          id: p.id,
          number: null,
          numberedByCoach: false,
          photoUrl: photoUrl(p.id),
          ...onScreen(p.appearances),
        }));
      return {
        teamLetter: team.teamLetter,
        primaryColor: team.primaryColor,
        secondaryColor: team.secondaryColor,
        players: team.players,
        trackedPlayers: [...numbered, ...byPhoto],
      };
    }),
  };
}
