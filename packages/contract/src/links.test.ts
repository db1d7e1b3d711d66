import { describe, expect, it } from 'vitest';
import { UploadKind } from './enums.js';
import { isICloudLink, platformOf } from './links.js';
import { Messages } from './messages.js';
import { validateUpload } from './upload-validation.js';

describe('link recognition', () => {
  it('recognises YouTube, Hudl and Instagram Reel links and nothing else', () => {
    expect(platformOf('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('youtube');
    expect(platformOf('https://youtu.be/dQw4w9WgXcQ')).toBe('youtube');
    expect(platformOf('https://www.youtube.com/shorts/abcdefgh')).toBe('youtube');
    expect(platformOf('https://www.hudl.com/video/3/123/abc')).toBe('hudl');
    expect(platformOf('https://www.instagram.com/reel/C1a2b3c4/')).toBe('instagram');
    expect(platformOf('https://vimeo.com/123')).toBeUndefined();
    expect(platformOf('https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ')).toBeUndefined();
    expect(platformOf('javascript:alert(1)')).toBeUndefined();
  });

  it('recognises iCloud shared-file links only over https', () => {
    expect(isICloudLink('https://www.icloud.com/iclouddrive/0a1B2c3D4e#game')).toBe(true);
    expect(isICloudLink('http://www.icloud.com/iclouddrive/0a1B2c3D4e')).toBe(false);
    expect(isICloudLink('https://icloud.com.evil.example/iclouddrive/0a1B2c3D4e')).toBe(false);
  });
});

describe('upload dialog rules', () => {
  it('asks for a video with wording that depends on the mode', () => {
    expect(validateUpload({ kind: UploadKind.VideoLibrary, hasFile: false })).toEqual([
      'Please select a video to upload or add an ICloud/Youtube link.',
    ]);
    expect(
      validateUpload({ kind: UploadKind.Inactivity, hasFile: false, iCloudLink: '  ' }),
    ).toEqual(['Please select a video to process or add an ICloud/Youtube link.']);
  });

  it('refuses more than one method and bad links', () => {
    expect(
      validateUpload({ kind: UploadKind.PlayerTracking, hasFile: true, libraryVideoId: 'v1' }),
    ).toEqual([Messages.onlyOneMethod]);
    expect(
      validateUpload({ kind: UploadKind.Inactivity, hasFile: false, iCloudLink: 'https://x.y/z' }),
    ).toEqual([Messages.invalidICloudLink]);
    expect(
      validateUpload({ kind: UploadKind.Inactivity, hasFile: false, platformLink: 'https://x.y' }),
    ).toEqual([Messages.invalidPlatformLink]);
    expect(
      validateUpload({
        kind: UploadKind.VideoLibrary,
        hasFile: false,
        platformLink: 'https://youtu.be/dQw4w9WgXcQ',
      }),
    ).toEqual([]);
  });
});
