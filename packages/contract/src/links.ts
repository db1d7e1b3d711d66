import { hasBadCharacters, TextLimits } from './text-fields.js';

/**
 * Which links the upload dialog and the server accept. The server must also re-check the host it
 * finally connects to (redirects), so these patterns are a first gate, not the security boundary.
 */
const ICLOUD_PATTERNS = [
  /^https:\/\/(www\.)?icloud\.com\/iclouddrive\/[\w-]+(#.*)?$/i,
  /^https:\/\/(www\.)?icloud\.com\/photos\/#\/?[\w-]+/i,
  /^https:\/\/share\.icloud\.com\/photos\/[\w-]+/i,
];

const PLATFORM_PATTERNS = {
  youtube: [
    /^https?:\/\/(www\.|m\.|music\.)?youtube\.com\/(watch\?(.*&)?v=[\w-]{6,}|shorts\/[\w-]{6,}|live\/[\w-]{6,}|embed\/[\w-]{6,})/i,
    /^https?:\/\/youtu\.be\/[\w-]{6,}/i,
  ],
  hudl: [
    /^https?:\/\/(www\.|fan\.)?hudl\.com\/(video|v|watch|profile\/\d+\/[\w-]+\/highlights)\/?\S*/i,
  ],
  instagram: [/^https?:\/\/(www\.)?instagram\.com\/(reel|reels|p|tv)\/[\w-]+\/?/i],
} as const;

export type VideoPlatform = keyof typeof PLATFORM_PATTERNS;

export const ICLOUD_LINK_PLACEHOLDER = 'https://www.icloud.com/iclouddrive/...';
export const PLATFORM_LINK_PLACEHOLDER = 'YouTube, Hudl or Instagram Reel link';

/** Links are single-line and bounded; anything else is no link (and never reaches a pattern). */
function isPlausibleLink(url: string): boolean {
  return url.length <= TextLimits.link && !hasBadCharacters(url);
}

export function isICloudLink(url: string): boolean {
  const trimmed = url.trim();
  if (!isPlausibleLink(trimmed)) return false;
  return ICLOUD_PATTERNS.some((pattern) => pattern.test(trimmed));
}

export function platformOf(url: string): VideoPlatform | undefined {
  const trimmed = url.trim();
  if (!isPlausibleLink(trimmed)) return undefined;
  return (Object.keys(PLATFORM_PATTERNS) as VideoPlatform[]).find((platform) =>
    PLATFORM_PATTERNS[platform].some((pattern) => pattern.test(trimmed)),
  );
}

export function isPlatformLink(url: string): boolean {
  return platformOf(url) !== undefined;
}
