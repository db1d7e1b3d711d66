import { Messages } from './messages.js';
import { isRoleName } from './enums.js';
import { isStrongPassword, isValidEmail, isValidPhone } from './rules.js';
import {
  hasVisibleCharacter,
  passwordTooLongMessage,
  TextFields,
  TextLimits,
  textFailures,
  type TextField,
} from './text-fields.js';

/**
 * Each validator returns every failing rule's message, in the order the form reports them (the spec's
 * toasts). Each rule also names the field it is about, so a form can mark that field (`fieldErrors`).
 */
type Rule<F extends string = string> = [failed: boolean, message: string, field: F];

function failures(rules: Rule[]): string[] {
  return rules.filter(([failed]) => failed).map(([, message]) => message);
}

/** The first failing rule's message per field: what a form shows under each field. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

function byField<F extends string>(rules: Rule<F>[]): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const [failed, message, field] of rules) {
    if (failed && errors[field] === undefined) errors[field] = message;
  }
  return errors;
}

/** Empty, or nothing in it shows (spaces, zero-width characters, byte-order marks). */
const blank = (value: string | undefined | null): boolean => !value || !hasVisibleCharacter(value);

/** A stored field's cap and characters, reported right after the spec's own rules for it. */
const textRules = <F extends string>(
  value: string | undefined | null,
  field: TextField,
  key: F,
): Rule<F>[] => textFailures(value, field).map((message) => [true, message, key]);

const passwordTooLong = <F extends string>(
  password: string | undefined,
  key: F,
  label?: string,
): Rule<F> => [
  !!password && password.length > TextLimits.password,
  passwordTooLongMessage(label),
  key,
];

export interface RegistrationForm {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber?: string;
  roleName: string;
  password: string;
  confirmPassword: string;
}

const registrationRules = (form: RegistrationForm): Rule<keyof RegistrationForm>[] => [
  [blank(form.firstName), Messages.firstNameRequired, 'firstName'],
  ...textRules(form.firstName, TextFields.firstName, 'firstName'),
  [blank(form.lastName), Messages.lastNameRequired, 'lastName'],
  ...textRules(form.lastName, TextFields.lastName, 'lastName'),
  [blank(form.email), Messages.emailRequired, 'email'],
  [!blank(form.email) && !isValidEmail(form.email), Messages.invalidEmail, 'email'],
  ...textRules(form.email, TextFields.email, 'email'),
  [
    !blank(form.phoneNumber) && !isValidPhone(form.phoneNumber ?? ''),
    Messages.invalidPhone,
    'phoneNumber',
  ],
  [blank(form.roleName) || !isRoleName(form.roleName), Messages.roleRequired, 'roleName'],
  [!form.password, Messages.passwordRequired, 'password'],
  [!form.confirmPassword, Messages.confirmPasswordRequired, 'confirmPassword'],
  [!!form.password && !isStrongPassword(form.password), Messages.passwordComplexity, 'password'],
  passwordTooLong(form.password, 'password'),
  [
    !!form.password && !!form.confirmPassword && form.password !== form.confirmPassword,
    Messages.passwordMismatch,
    'confirmPassword',
  ],
];

export function validateRegistration(form: RegistrationForm): string[] {
  return failures(registrationRules(form));
}

export interface LoginForm {
  email: string;
  password: string;
}

const loginRules = (form: LoginForm): Rule<keyof LoginForm>[] => [
  [blank(form.email), Messages.emailRequired, 'email'],
  [!blank(form.email) && !isValidEmail(form.email), Messages.invalidEmail, 'email'],
  ...textRules(form.email, TextFields.email, 'email'),
  [!form.password, Messages.passwordRequired, 'password'],
];

export function validateLogin(form: LoginForm): string[] {
  return failures(loginRules(form));
}

export interface ResetRequestForm {
  email: string;
}

const resetRequestRules = (form: ResetRequestForm): Rule<keyof ResetRequestForm>[] => [
  [blank(form.email), Messages.emailRequired, 'email'],
  [!blank(form.email) && !isValidEmail(form.email), Messages.emailInvalid, 'email'],
  ...textRules(form.email, TextFields.email, 'email'),
];

export function validateResetRequest(form: ResetRequestForm): string[] {
  return failures(resetRequestRules(form));
}

export interface ResetConfirmForm {
  password: string;
  confirmPassword: string;
}

const resetConfirmRules = (form: ResetConfirmForm): Rule<keyof ResetConfirmForm>[] => [
  [!form.password, Messages.passwordRequired, 'password'],
  [!form.confirmPassword, Messages.confirmPasswordRequiredCapital, 'confirmPassword'],
  [!!form.password && !isStrongPassword(form.password), Messages.passwordComplexity, 'password'],
  passwordTooLong(form.password, 'password'),
  [
    !!form.password && !!form.confirmPassword && form.password !== form.confirmPassword,
    Messages.passwordMismatch,
    'confirmPassword',
  ],
];

export function validateResetConfirm(form: ResetConfirmForm): string[] {
  return failures(resetConfirmRules(form));
}

export interface ChangePasswordForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const changePasswordRules = (form: ChangePasswordForm): Rule<keyof ChangePasswordForm>[] => [
  [!form.oldPassword, Messages.oldPasswordRequired, 'oldPassword'],
  [!form.newPassword, Messages.newPasswordRequired, 'newPassword'],
  [
    !!form.newPassword && !form.confirmPassword,
    Messages.confirmPasswordRequired,
    'confirmPassword',
  ],
  [
    !!form.newPassword && !isStrongPassword(form.newPassword),
    Messages.passwordComplexity,
    'newPassword',
  ],
  passwordTooLong(form.newPassword, 'newPassword', 'New password'),
  [
    !!form.newPassword && !!form.confirmPassword && form.newPassword !== form.confirmPassword,
    Messages.passwordMismatch,
    'confirmPassword',
  ],
];

export function validateChangePassword(form: ChangePasswordForm): string[] {
  return failures(changePasswordRules(form));
}

export interface ProfileForm {
  firstName: string;
  lastName: string;
  email?: string;
  phoneNumber?: string;
}

const profileRules = (form: ProfileForm): Rule<keyof ProfileForm>[] => [
  [blank(form.firstName), Messages.firstNameRequired, 'firstName'],
  ...textRules(form.firstName, TextFields.firstName, 'firstName'),
  [blank(form.lastName), Messages.lastNameRequired, 'lastName'],
  ...textRules(form.lastName, TextFields.lastName, 'lastName'),
  [!blank(form.email) && !isValidEmail(form.email ?? ''), Messages.invalidEmail, 'email'],
  [
    !blank(form.phoneNumber) && !isValidPhone(form.phoneNumber ?? ''),
    Messages.invalidPhone,
    'phoneNumber',
  ],
];

export function validateProfile(form: ProfileForm): string[] {
  return failures(profileRules(form));
}

export interface VideoDetailsForm {
  title: string;
  description: string;
  notes?: string;
}

const videoTextRules = (form: VideoDetailsForm): Rule<keyof VideoDetailsForm>[] => [
  ...textRules(form.title, TextFields.videoTitle, 'title'),
  ...textRules(form.description, TextFields.videoDescription, 'description'),
  ...textRules(form.notes, TextFields.notes, 'notes'),
];

const videoDetailsRules = (form: VideoDetailsForm): Rule<keyof VideoDetailsForm>[] => [
  [blank(form.title), Messages.videoNameRequired, 'title'],
  [blank(form.description), Messages.videoDescriptionRequired, 'description'],
  ...videoTextRules(form),
];

export function validateVideoDetails(form: VideoDetailsForm): string[] {
  return failures(videoDetailsRules(form));
}

export interface SelectPlayersForm extends VideoDetailsForm {
  teamLetter: string;
  selectedPlayers: number[];
  /** Players picked by photo (beyond the spec). */
  selectedPlayerIds?: string[];
}

const selectPlayersRules = (form: SelectPlayersForm): Rule<keyof SelectPlayersForm>[] => [
  [blank(form.title), Messages.videoNameRequired, 'title'],
  [blank(form.description), Messages.videoDescriptionRequired, 'description'],
  [blank(form.teamLetter), Messages.selectTeam, 'teamLetter'],
  [
    form.selectedPlayers.length + (form.selectedPlayerIds?.length ?? 0) === 0,
    Messages.selectPlayer,
    'selectedPlayers',
  ],
  ...videoTextRules(form),
];

export function validateSelectPlayers(form: SelectPlayersForm): string[] {
  return failures(selectPlayersRules(form));
}

/** Per form: the message to show under each failing field (the first failing rule of that field). */
export const fieldErrors = {
  registration: (form: RegistrationForm) => byField(registrationRules(form)),
  login: (form: LoginForm) => byField(loginRules(form)),
  resetRequest: (form: ResetRequestForm) => byField(resetRequestRules(form)),
  resetConfirm: (form: ResetConfirmForm) => byField(resetConfirmRules(form)),
  changePassword: (form: ChangePasswordForm) => byField(changePasswordRules(form)),
  profile: (form: ProfileForm) => byField(profileRules(form)),
  videoDetails: (form: VideoDetailsForm) => byField(videoDetailsRules(form)),
  selectPlayers: (form: SelectPlayersForm) => byField(selectPlayersRules(form)),
};
