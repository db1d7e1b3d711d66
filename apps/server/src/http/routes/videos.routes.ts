import {
  ApiPaths,
  copyFromCloudRequestSchema,
  editVideoRequestSchema,
  platformLinkRequestSchema,
  processLibraryVideoRequestSchema,
  UploadKind,
  videoIdQuerySchema,
  videoIdRequestSchema,
  type VideoType,
} from '@filmroom/contract';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { VideoIntakeService } from '../../services/videos/video-intake.service.js';
import { toolOfType } from '../../services/videos/video-intake.service.js';
import type { VideoLibraryService } from '../../services/videos/video-library.service.js';
import { parseBody } from '../parse-body.js';
import { receiveVideoUpload } from '../receive-video-upload.js';

const FILE_UPLOADS = [
  [ApiPaths.libraryFileUpload, UploadKind.VideoLibrary],
  [ApiPaths.inactivityFileUpload, UploadKind.Inactivity],
  [ApiPaths.trackingFileUpload, UploadKind.PlayerTracking],
] as const;

/** Spec §7 Videos: the library, uploads and link imports of the signed-in user. */
export function videosRoutes(options: {
  library: VideoLibraryService;
  intake: VideoIntakeService;
  authenticate: preHandlerAsyncHookHandler;
  tmpDir: string;
  maxUploadBytes: number;
}) {
  const { library, intake } = options;
  const ok = { success: true } as const;

  return async (app: FastifyInstance): Promise<void> => {
    app.addHook('preHandler', options.authenticate);

    app.get(ApiPaths.libraryVideos, (request) => library.library(request.userId));
    app.get(ApiPaths.inProgressVideos, (request) => library.inProgress(request.userId));

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

    app.post(ApiPaths.errorNotificationRead, async (request) => {
      const { videoId } = parseBody(videoIdRequestSchema, request.body);
      await library.markErrorRead(request.userId, videoId);
      return ok;
    });

    for (const [path, tool] of FILE_UPLOADS) {
      app.post(path, async (request) => {
        const upload = await receiveVideoUpload(request, {
          tmpDir: options.tmpDir,
          maxBytes: options.maxUploadBytes,
        });
        return intake.acceptUpload(request.userId, { ...upload, tool });
      });
    }

    app.post(ApiPaths.libraryPlatformUpload, (request) => {
      const body = parseBody(platformLinkRequestSchema, request.body);
      const tool = UploadKind.VideoLibrary;
      return intake.importLink(request.userId, { kind: 'platform', url: body.videoUrl, tool });
    });

    app.post(ApiPaths.processPlatform, (request) => {
      const body = parseBody(platformLinkRequestSchema, request.body);
      const tool = processingTool(body.videoType);
      return intake.importLink(request.userId, { kind: 'platform', url: body.videoUrl, tool });
    });

    app.post(ApiPaths.libraryCopyFromCloud, (request) => {
      const body = parseBody(copyFromCloudRequestSchema, request.body);
      const tool = UploadKind.VideoLibrary;
      return intake.importLink(request.userId, { kind: 'cloud', url: body.url, tool });
    });

    app.post(ApiPaths.processCopyFromCloud, (request) => {
      const body = parseBody(copyFromCloudRequestSchema, request.body);
      const tool = processingTool(body.videoType);
      return intake.importLink(request.userId, { kind: 'cloud', url: body.url, tool });
    });

    app.post(ApiPaths.processLibrary, (request) =>
      intake.processLibraryVideo(
        request.userId,
        parseBody(processLibraryVideoRequestSchema, request.body),
      ),
    );
  };
}

/** A processing request without a type runs inactivity detection, the dialog's default tool. */
function processingTool(videoType: VideoType | undefined): UploadKind {
  const tool = toolOfType(videoType);
  return tool === UploadKind.VideoLibrary ? UploadKind.Inactivity : tool;
}
