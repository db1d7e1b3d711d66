import {
  ErrorNumber,
  Messages,
  validateLogin,
  validateRegistration,
  validateResetConfirm,
  validateResetRequest,
  isValidEmail,
  TextFields,
  textFailures,
  type TokenPair,
} from '@filmroom/contract';
import type { PasswordHasher } from '../../infra/crypto/argon2-password-hasher.js';
import type { JobSender } from '../../infra/queue/job-sender.js';
import type { UsersRepository } from '../../infra/db/users.repository.js';
import type { Clock } from '../clock.js';
import { AppError, assertValid, withoutConfirmation } from '../errors.js';
import type { OneTimeTokenService } from '../tokens/one-time-token.service.js';
import type { SessionService } from '../tokens/session.service.js';
import type { AccountMailKind, AccountMailService } from './account-mail.service.js';
import { normalizeEmail, normalizePhone } from './account-rules.js';
import type { FailedAttempts } from './failed-attempts.js';
import type { SignInAddresses } from './sign-in-addresses.js';

export interface AccountServiceDeps {
  users: UsersRepository;
  passwords: PasswordHasher;
  oneTimeTokens: OneTimeTokenService;
  sessions: SessionService;
  accountMails: AccountMailService;
  jobs: JobSender;
  clock: Clock;
  logger: { error(details: object, message: string): void };
  /** Wrong passwords per account (keys `account:<email>`), on top of the per-address limit. */
  loginAttempts: FailedAttempts;
  /** Addresses each account signed in from: its own limit does not apply to them. */
  signInAddresses: SignInAddresses;
}

export interface Registration {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber?: string | undefined;
  roleName: string;
  password: string;
}

const invalidCredentials = () =>
  new AppError(400, Messages.invalidEmailOrPassword, ErrorNumber.InvalidEmailOrPassword);

/** Sign-up, activation, sign-in and password reset: the account rules of spec §4 and §7. */
export function createAccountService(deps: AccountServiceDeps) {
  const { users, passwords, oneTimeTokens, sessions, accountMails } = deps;
  // Unknown e-mails still cost one hash check, so response times do not reveal accounts.
  let decoyHash: Promise<string> | undefined;
  const decoy = () => (decoyHash ??= passwords.hash('decoy password that never matches'));

  /** Queued for known and unknown e-mails alike; the job finds out which it is. */
  async function queueMail(kind: AccountMailKind, email: string): Promise<void> {
    await deps.jobs.send('account-mail', { kind, email: normalizeEmail(email) });
  }

  function emailFailures(email: string): string[] {
    if (!email.trim()) return [Messages.emailRequired];
    const invalid = isValidEmail(email) ? [] : [Messages.invalidEmail];
    return [...invalid, ...textFailures(email, TextFields.email)];
  }

  return {
    async register(input: Registration): Promise<void> {
      assertValid(
        withoutConfirmation(validateRegistration({ ...input, confirmPassword: input.password })),
      );
      const user = await users.create({
        email: normalizeEmail(input.email),
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        phoneNumber: normalizePhone(input.phoneNumber),
        role: input.roleName,
        passwordHash: await passwords.hash(input.password),
      });
      if (!user) throw new AppError(400, Messages.emailTaken);
      try {
        await accountMails.sendTo(user, 'activation');
      } catch (error) {
        // The account exists; the activation page can send the mail again.
        deps.logger.error({ err: error, userId: user.id }, 'Sending the activation mail failed');
      }
    },

    /**
     * Activates the account the link belongs to. A link opened again once its account is active says
     * so ('already-active') instead of failing: the user only needs to log in.
     */
    async activate(token: string): Promise<'activated' | 'already-active'> {
      const userId = await oneTimeTokens.consume('activation', token);
      if (!userId) {
        const owner = await oneTimeTokens.ownerOf('activation', token);
        const ownerAccount = owner ? await users.findById(owner) : undefined;
        if (ownerAccount?.activatedAt) return 'already-active';
        throw new AppError(
          400,
          Messages.activationTokenInvalid,
          ErrorNumber.ActivationTokenIsInvalidOrExpired,
        );
      }
      const user = await users.findById(userId);
      if (user && !user.activatedAt)
        await users.update(userId, { activatedAt: deps.clock() }, deps.clock());
      return 'activated';
    },

    /** Same answer, in the same time, whether or not the account exists or is already active. */
    async resendActivation(email: string): Promise<void> {
      assertValid(emailFailures(email));
      await queueMail('activation', email);
    },

    /**
     * Signs in. Each account takes a limited number of wrong passwords in a window (counted before
     * any hash, for unknown e-mails alike so the answer tells nothing), except from addresses that
     * signed in to it before; past it the answer is 429 until the window ends (decision 0023).
     */
    async login(email: string, password: string, clientAddress: string): Promise<TokenPair> {
      assertValid(validateLogin({ email, password }));
      const account = normalizeEmail(email);
      const attemptKeys = deps.signInAddresses.has(account, clientAddress)
        ? []
        : [`account:${account}`];
      if (!deps.loginAttempts.tryTake(attemptKeys)) {
        throw new AppError(429, Messages.tooManyRequests);
      }
      const user = await users.findByEmail(account);
      if (!user) {
        await passwords.verify(await decoy(), password);
        throw invalidCredentials();
      }
      if (!(await passwords.verify(user.passwordHash, password))) throw invalidCredentials();
      deps.loginAttempts.giveBack(attemptKeys);
      deps.signInAddresses.remember(account, clientAddress);
      if (!user.activatedAt) {
        throw new AppError(400, Messages.accountNotActivated, ErrorNumber.AccountNotActivated);
      }
      return sessions.start(user);
    },

    refresh(refreshToken: string): Promise<TokenPair> {
      return sessions.refresh(refreshToken, (id) => users.findById(id));
    },

    /** Same answer for an unknown or already ended session, so a repeated log out is harmless. */
    logOut(refreshToken: string): Promise<void> {
      return sessions.end(refreshToken);
    },

    /** Same answer, in the same time, whether or not the account exists. */
    async requestPasswordReset(email: string): Promise<void> {
      assertValid(validateResetRequest({ email }));
      await queueMail('password-reset', email);
    },

    /** Sets the new password and signs out every session of the account. */
    async confirmPasswordReset(token: string, newPassword: string): Promise<void> {
      assertValid(
        withoutConfirmation(
          validateResetConfirm({ password: newPassword, confirmPassword: newPassword }),
        ),
      );
      const userId = await oneTimeTokens.consume('password_reset', token);
      if (!userId) {
        throw new AppError(
          400,
          Messages.resetTokenInvalid,
          ErrorNumber.PasswordResetTokenIsInvalidOrExpired,
        );
      }
      const user = await users.update(
        userId,
        { passwordHash: await passwords.hash(newPassword) },
        deps.clock(),
      );
      // the owner proved the mailbox is theirs: wrong guesses before no longer hold the account
      if (user) deps.loginAttempts.clear([`account:${user.email}`]);
      await sessions.endAll(userId);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
