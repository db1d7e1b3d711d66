import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/env.js';
import { ICLOUD_RESOLVE_URL } from '../../src/infra/media/icloud-resolver.js';

describe('video configuration', () => {
  it('stores videos on local disk under DATA_DIR with a 10 GB upload limit by default', () => {
    const config = loadConfig({}, '/srv/filmroom');

    expect(config).toMatchObject({
      storage: { kind: 'local', root: '/srv/filmroom/data/storage' },
      maxUploadBytes: 10 * 1024 ** 3,
      workerConcurrency: 1,
      ytDlpPath: '/usr/bin/yt-dlp',
      iCloudResolveUrl: ICLOUD_RESOLVE_URL,
      ssrfAllowHosts: [],
    });
  });

  it('switches to an S3 bucket by environment only', () => {
    const config = loadConfig({
      STORAGE: 's3',
      S3_BUCKET: 'films',
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'eu-west-1',
      S3_PREFIX: 'filmroom/',
    });

    expect(config.storage).toEqual({
      kind: 's3',
      bucket: 'films',
      endpoint: 'http://minio:9000',
      region: 'eu-west-1',
      prefix: 'filmroom/',
    });
  });

  it('refuses STORAGE=s3 without a bucket and an unknown storage kind', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(ConfigError);
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ STORAGE: 'ftp' })).toThrow(/STORAGE="ftp" must be local or s3/);
  });

  it('reads the test-only SSRF allow-list as a trimmed comma list', () => {
    expect(loadConfig({ SSRF_ALLOW_HOSTS: ' localhost, 127.0.0.1 ,,' }).ssrfAllowHosts).toEqual([
      'localhost',
      '127.0.0.1',
    ]);
  });

  it('refuses an upload limit that is not a positive whole number', () => {
    expect(() => loadConfig({ MAX_UPLOAD_BYTES: '10GB' })).toThrow(/MAX_UPLOAD_BYTES/);
    expect(loadConfig({ MAX_UPLOAD_BYTES: '1048576' }).maxUploadBytes).toBe(1048576);
  });
});
