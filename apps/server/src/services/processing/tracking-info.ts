import type { TeamLetter, TrackedPlayer, TrackingInfoResponse } from '@filmroom/contract';
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
  const listed = (
    player: { id: string; appearances: readonly TimeRange[] },
    number: number | null,
    byCoach = false,
  ): TrackedPlayer => {
    const key = analysis.photos[player.id];
    return {
      id: player.id,
      number,
      numberedByCoach: byCoach,
      photoUrl: key ? signer.sign({ key }) : null,
      ...onScreen(player.appearances),
    };
  };
  return {
    teams: analysis.teams.map((team) => {
      const ofTeam = (p: { teamLetter: TeamLetter }) => p.teamLetter === team.teamLetter;
      const numbered = analysis.players
        .filter(ofTeam)
        .map((p) => listed(p, p.number, p.byCoach === true));
      const byPhoto = analysis.unnumbered.filter(ofTeam).map((p) => listed(p, null));
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
