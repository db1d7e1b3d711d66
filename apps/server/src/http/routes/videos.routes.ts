import {
  ApiPaths,
  copyFromCloudRequestSchema,
  editVideoRequestSchema,
  platformLinkRequestSchema,
  processLibraryVideoRequestSchema,
  SPORT_FIELD,
  sportFieldSchema,
  TOOL_IDS,
  TOOLS,
  type Tool,
  videoIdQuerySchema,
  videoIdRequestSchema,
  VideoSource,
  type Sport,
} from '@filmroom/contract';
import { rm } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, preHandlerAsyncHookHandler } from 'fastify';
import {
  processingToolOf,
  type VideoIntakeService,
} from '../../services/videos/video-intake.service.js';
import type { FailedVideoRetryService } from '../../services/videos/failed-video-retry.service.js';
import type { UploadSlots } from '../../services/videos/upload-slots.js';
import type { VideoLibraryService } from '../../services/videos/video-library.service.js';
import { parseBody, parseValue } from '../parse-body.js';
import { sendKeptJson } from '../plugins/compression.js';
import { receiveVideoUpload } from '../receive-video-upload.js';

/** The file uploads: the library's (no tool), and each tool's (spec §7), with the tool they ask for. */
const FILE_UPLOADS: readonly (readonly [string, Tool | null])[] = [
  [ApiPaths.libraryFileUpload, null],
  ...TOOL_IDS.map((tool) => [TOOLS[tool].uploadPath, tool] as const),
];

/** Spec §7 Videos: the library, uploads and link imports of the signed-in user. */
export function videosRoutes(options: {
  library: VideoLibraryService;
  intake: VideoIntakeService;
  retries: FailedVideoRetryService;
  authenticate: preHandlerAsyncHookHandler;
  tmpDir: string;
  maxUploadBytes: number;
  uploadIdleTimeoutMs: number;
  uploadSlots: UploadSlots;
}) {
  const { library, intake, retries } = options;
  const takeSlot = (userId: string, reply: FastifyReply): (() => void) => {
    try {
      return options.uploadSlots.take(userId);
    } catch (error) {
      // The body is not read: close instead of draining it.
      reply.header('connection', 'close');
      throw error;
    }
  };
  const ok = { success: true } as const;

  return async (app: FastifyInstance): Promise<void> => {
    app.addHook('preHandler', options.authenticate);

    app.get(ApiPaths.libraryVideos, async (request, reply) =>
      sendKeptJson(request, reply, await library.library(request.userId)),
    );
    app.get(ApiPaths.inProgressVideos, async (request, reply) =>
      sendKeptJson(request, reply, await library.inProgress(request.userId)),
    );

    app.put(ApiPaths.editVideo, (request) =>
      library.edit(request.userId, parseBody(editVideoRequestSchema, request.body)),
    );

    app.delete(ApiPaths.deleteVideo, async (request) => {
      const { videoId } = parseBody(videoIdQuerySchema, request.query);
      await library.remove(request.userId, videoId);
      return ok;
    });

    app.get(ApiPaths.directDownload, (request) =>
      library.downloadUrl(request.userId, parseBody(videoIdQuerySchema, request.query).videoId),
    );

    app.put(ApiPaths.deleteInProgressVideo, async (request) => {
      const { videoId } = parseBody(videoIdQuerySchema, request.query);
      await library.cancelInProgress(request.userId, videoId);
      return ok;
    });

    app.post(ApiPaths.retryInProgressVideo, (request) =>
      retries.retry(request.userId, parseBody(videoIdRequestSchema, request.body).videoId),
    );

    app.post(ApiPaths.errorNotificationRead, async (request) => {
      const { videoId } = parseBody(videoIdRequestSchema, request.body);
      await library.markErrorRead(request.userId, videoId);
      return ok;
    });

    for (const [path, tool] of FILE_UPLOADS) {
      app.post(path, async (request, reply) => {
        const free = takeSlot(request.userId, reply);
        try {
          const { fields, ...upload } = await receiveVideoUpload(request, reply, {
            tmpDir: options.tmpDir,
            maxBytes: options.maxUploadBytes,
            idleTimeoutMs: options.uploadIdleTimeoutMs,
          });
          let sport: Sport | undefined;
          try {
            sport = parseValue(sportFieldSchema, fields.get(SPORT_FIELD));
          } catch (error) {
            // refused for its sport: the received file goes, as any refused upload's does
            await rm(upload.file, { force: true });
            throw error;
          }
          return await intake.acceptUpload(request.userId, { ...upload, tool, sport });
        } finally {
          free();
        }
      });
    }

    app.post(ApiPaths.libraryPlatformUpload, (request) => {
      const body = parseBody(platformLinkRequestSchema, request.body);
      const tool = null;
      return intake.importLink(request.userId, {
        kind: VideoSource.Platform,
        url: body.videoUrl,
        tool,
        sport: body.sport,
      });
    });

    app.post(ApiPaths.processPlatform, (request) => {
      const body = parseBody(platformLinkRequestSchema, request.body);
      const tool = processingToolOf(body.videoType);
      return intake.importLink(request.userId, {
        kind: VideoSource.Platform,
        url: body.videoUrl,
        tool,
        sport: body.sport,
      });
    });

    app.post(ApiPaths.libraryCopyFromCloud, (request) => {
      const body = parseBody(copyFromCloudRequestSchema, request.body);
      const tool = null;
      return intake.importLink(request.userId, {
        kind: VideoSource.Cloud,
        url: body.url,
        tool,
        sport: body.sport,
      });
    });

    app.post(ApiPaths.processCopyFromCloud, (request) => {
      const body = parseBody(copyFromCloudRequestSchema, request.body);
      const tool = processingToolOf(body.videoType);
      return intake.importLink(request.userId, {
        kind: VideoSource.Cloud,
        url: body.url,
        tool,
        sport: body.sport,
      });
    });

    app.post(ApiPaths.processLibrary, (request) =>
      intake.processLibraryVideo(
        request.userId,
        parseBody(processLibraryVideoRequestSchema, request.body),
      ),
    );
  };
}
