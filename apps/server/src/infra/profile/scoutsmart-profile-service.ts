import {
  ProfileServiceError,
  type PlayerProfileService,
  type ProfilePlayer,
  type ProfileVideo,
} from './player-profile-service.js';

const TIMEOUT_MS = 15_000;

/** The scoutSMART profile API over HTTP; the contract is in docs/scoutsmart-profile-api.md. */
export function createScoutSmartProfileService(options: {
  apiUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
}): PlayerProfileService {
  const base = options.apiUrl.replace(/\/+$/, '');
  const send = options.fetch ?? fetch;

  async function call(method: string, path: string, body?: unknown): Promise<Response> {
    let response: Response;
    try {
      response = await send(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new ProfileServiceError(`scoutSMART ${method} ${path} failed: ${String(error)}`);
    }
    return response;
  }

  const videoPath = (playerId: string, videoId: string) =>
    `/players/${encodeURIComponent(playerId)}/videos/${encodeURIComponent(videoId)}`;

  return {
    kind: 'scoutsmart',

    async addVideo(player: ProfilePlayer, video: ProfileVideo) {
      const response = await call('PUT', videoPath(player.id, video.id), {
        player: {
          firstName: player.firstName,
          lastName: player.lastName,
          email: player.email,
          role: player.role,
        },
        video: {
          title: video.title,
          description: video.description,
          date: video.date,
          videoUrl: video.videoUrl,
          downloadUrl: video.downloadUrl,
          thumbnailUrl: video.thumbnailUrl,
          durationSec: video.durationSec,
        },
      });
      if (!response.ok) {
        throw new ProfileServiceError(`scoutSMART PUT video answered ${response.status}`);
      }
    },

    async removeVideo(playerId, videoId) {
      const response = await call('DELETE', videoPath(playerId, videoId));
      // Already gone there is what we want.
      if (!response.ok && response.status !== 404) {
        throw new ProfileServiceError(`scoutSMART DELETE video answered ${response.status}`);
      }
    },

    async profileUrl(player) {
      const response = await call('GET', `/players/${encodeURIComponent(player.id)}/profile-url`);
      if (!response.ok) {
        throw new ProfileServiceError(`scoutSMART GET profile-url answered ${response.status}`);
      }
      const body = (await response.json().catch(() => undefined)) as
        { profileUrl?: unknown } | undefined;
      const url = typeof body?.profileUrl === 'string' ? body.profileUrl : '';
      if (!/^https?:\/\//i.test(url)) {
        throw new ProfileServiceError('scoutSMART GET profile-url answered no http(s) profileUrl');
      }
      return url;
    },
  };
}
