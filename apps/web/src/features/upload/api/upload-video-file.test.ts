import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiPaths, type UploadProgress } from '@filmroom/contract';
import { http } from '../../../lib/http-client.js';
import { setRuntimeConfig } from '../../../lib/runtime-config.js';
import { startTestApi, type TestApi } from '../../../test/api-server.js';
import { installBlobStream } from '../../../test/blob-stream.js';
import { signIn } from '../../../test/render-app.js';
import { libraryVideo } from '../../../test/videos.js';
import { uploadVideoFile } from './upload-video-file.js';

const originalAdapter = http.defaults.adapter;
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
  installBlobStream();
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  // Node's HTTP stack reports every chunk sent, as a browser does (jsdom's XHR does not).
  http.defaults.adapter = 'http';
  setRuntimeConfig({ apiBaseUrl: api.baseUrl });
  signIn(['Coach']);
});
afterEach(() => {
  http.defaults.adapter = originalAdapter;
});

describe('file upload', () => {
  it('sends the file in the multipart field video and reports percent and KB until all is sent', async () => {
    api.on(`POST ${ApiPaths.inactivityFileUpload}`, { body: libraryVideo({ id: 'u1' }) });
    const reports: UploadProgress[] = [];
    const file = new File([new Uint8Array(3 * 1024 * 1024)], 'match.mov', {
      type: 'video/quicktime',
    });
    const answer = await uploadVideoFile(ApiPaths.inactivityFileUpload, file, (progress) =>
      reports.push(progress),
    );

    expect(answer?.id).toBe('u1');
    const request = api.callsTo(`POST ${ApiPaths.inactivityFileUpload}`)[0]!;
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.headers['cache-control']).toBe('no-cache');
    expect(request.headers.authorization).toMatch(/^Bearer /);
    expect(String(request.body)).toContain('name="video"; filename="match.mov"');
    expect(reports[0]!.progress).toBeLessThan(100);
    const last = reports.at(-1)!;
    expect(last.progress).toBe(100);
    expect(last.uploadedData).toBe(last.totalData);
    // 3 MB of video plus the multipart framing, in KB.
    expect(last.totalData).toBeGreaterThanOrEqual(3 * 1024);
    expect(last.totalData).toBeLessThan(3 * 1024 + 2);
  });
});
