import {
  Messages,
  isRoleName,
  validateChangePassword,
  validateProfile,
  type EmailPreferences,
  type MyProfileResponse,
  type TokenPair,
} from '@filmroom/contract';
import type { PasswordHasher } from '../../infra/crypto/argon2-password-hasher.js';
import type { User, UsersRepository } from '../../infra/db/users.repository.js';
import type { Clock } from '../clock.js';
import { AppError, assertValid, unauthorized, withoutConfirmation } from '../errors.js';
import type { SessionService } from '../tokens/session.service.js';
import { normalizePhone } from './account-rules.js';
import type { FailedAttempts } from './failed-attempts.js';

export interface ProfileChanges {
  firstName: string;
  lastName: string;
  email?: string | undefined;
  phoneNumber?: string | undefined;
  roleName: string;
}

function profileOf(user: User): MyProfileResponse {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    roleName: user.role,
  };
}

/** The signed-in user's own settings: profile, e-mail preferences and password. */
export function createSettingsService(deps: {
  users: UsersRepository;
  passwords: PasswordHasher;
  sessions: SessionService;
  clock: Clock;
  /** Wrong old passwords, counted per user and per client address. */
  failedPasswordChecks: FailedAttempts;
}) {
  const { users } = deps;

  async function existingUser(userId: string): Promise<User> {
    const user = await users.findById(userId);
    if (!user) throw unauthorized();
    return user;
  }

  async function update(userId: string, changes: Parameters<UsersRepository['update']>[1]) {
    const user = await users.update(userId, changes, deps.clock());
    if (!user) throw unauthorized();
    return user;
  }

  return {
    async getProfile(userId: string): Promise<MyProfileResponse> {
      return profileOf(await existingUser(userId));
    },

    /** The e-mail is the account's identity and cannot be edited here; a sent one is ignored. */
    async updateProfile(userId: string, changes: ProfileChanges): Promise<MyProfileResponse> {
      const failures = validateProfile(changes);
      if (!isRoleName(changes.roleName)) failures.push(Messages.roleRequired);
      assertValid(failures);
      const user = await update(userId, {
        firstName: changes.firstName.trim(),
        lastName: changes.lastName.trim(),
        phoneNumber: normalizePhone(changes.phoneNumber),
        role: changes.roleName,
      });
      return profileOf(user);
    },

    async getEmailPreferences(userId: string): Promise<EmailPreferences> {
      return { notificationsEnabled: (await existingUser(userId)).notificationsEnabled };
    },

    async setEmailPreferences(
      userId: string,
      preferences: EmailPreferences,
    ): Promise<EmailPreferences> {
      const user = await update(userId, { notificationsEnabled: preferences.notificationsEnabled });
      return { notificationsEnabled: user.notificationsEnabled };
    },

    /**
     * Checks the old password, stores the new one, ends every other session and starts a fresh one.
     * Too many wrong old passwords for the user or from `clientAddress` are answered 429, as logins
     * are, before any hash is computed.
     */
    async changePassword(
      userId: string,
      oldPassword: string,
      newPassword: string,
      clientAddress: string,
    ): Promise<TokenPair> {
      assertValid(
        withoutConfirmation(
          validateChangePassword({ oldPassword, newPassword, confirmPassword: newPassword }),
        ),
      );
      const attemptKeys = [`user:${userId}`, `address:${clientAddress}`];
      if (!deps.failedPasswordChecks.tryTake(attemptKeys)) {
        throw new AppError(429, Messages.tooManyRequests);
      }
      const user = await existingUser(userId);
      if (!(await deps.passwords.verify(user.passwordHash, oldPassword))) {
        throw new AppError(400, Messages.oldPasswordWrong);
      }
      deps.failedPasswordChecks.giveBack(attemptKeys);
      const updated = await update(userId, {
        passwordHash: await deps.passwords.hash(newPassword),
      });
      return deps.sessions.restart(updated);
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
