/** Account roles as the token's `role` list and registration's `roleName` carry them. */
export const RoleName = { Player: 'Player', Coach: 'Coach' } as const;
export type RoleName = (typeof RoleName)[keyof typeof RoleName];

/** Account type ids (spec §3: id 1 Player, id 2 Coach). */
export const RoleId = { Player: 1, Coach: 2 } as const;
export type RoleId = (typeof RoleId)[keyof typeof RoleId];

export const ROLES: readonly { id: RoleId; name: RoleName }[] = [
  { id: RoleId.Player, name: RoleName.Player },
  { id: RoleId.Coach, name: RoleName.Coach },
];

export function roleIdOf(roleName: string): RoleId | undefined {
  return ROLES.find((role) => role.name === roleName)?.id;
}

export function isRoleName(value: unknown): value is RoleName {
  return ROLES.some((role) => role.name === value);
}

/** Library video type (spec §3). */
export const VideoType = { None: 1, Inactivity: 2, PlayerTracking: 3, Both: 4 } as const;
export type VideoType = (typeof VideoType)[keyof typeof VideoType];

/** What an upload asks for (spec §3). */
export const UploadKind = { Inactivity: 1, PlayerTracking: 2, VideoLibrary: 3 } as const;
export type UploadKind = (typeof UploadKind)[keyof typeof UploadKind];

/** Where a video's file comes from: an upload, a platform or cloud link, or a library video. */
export const VideoSource = {
  Upload: 'upload',
  Platform: 'platform',
  Cloud: 'cloud',
  Library: 'library',
} as const;
export type VideoSource = (typeof VideoSource)[keyof typeof VideoSource];

/** The two kits Player Tracking tells apart, as the spec's `teamLetter` names them. */
export const TEAM_LETTERS = ['A', 'B'] as const;
export type TeamLetter = (typeof TEAM_LETTERS)[number];
