import { UploadKind } from './enums.js';
import { isICloudLink, isPlatformLink } from './links.js';
import { Messages } from './messages.js';

export interface UploadForm {
  kind: UploadKind;
  hasFile: boolean;
  libraryVideoId?: string;
  iCloudLink?: string;
  platformLink?: string;
}

/** The upload dialog's rules (spec §5), in the order the dialog reports them. */
export function validateUpload(form: UploadForm): string[] {
  const iCloud = form.iCloudLink?.trim() ?? '';
  const platform = form.platformLink?.trim() ?? '';
  const methods = [form.hasFile, !!form.libraryVideoId, iCloud !== '', platform !== ''].filter(
    Boolean,
  ).length;
  if (methods === 0) {
    const lead =
      form.kind === UploadKind.VideoLibrary
        ? Messages.selectVideoToUpload
        : Messages.selectVideoToProcess;
    return [lead + Messages.orAddLink];
  }
  if (methods > 1) return [Messages.onlyOneMethod];
  if (iCloud && !isICloudLink(iCloud)) return [Messages.invalidICloudLink];
  if (platform && !isPlatformLink(platform)) return [Messages.invalidPlatformLink];
  return [];
}
