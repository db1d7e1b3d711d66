/** CloudKit's public endpoint that turns a share link's short id into its record (ICLOUD_RESOLVE_URL's default). */
export const ICLOUD_RESOLVE_URL =
  'https://ckdatabasews.icloud.com/database/1/com.apple.cloudkit/production/public/records/resolve';
