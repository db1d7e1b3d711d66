import { Messages } from './messages.js';
import { isRoleName } from './enums.js';
import { isStrongPassword, isValidEmail, isValidPhone } from './rules.js';
import {
  passwordTooLongMessage,
  TextFields,
  TextLimits,
  textFailures,
  type TextField,
} from './text-fields.js';

/** Each validator returns every failing rule's message, in the order the form reports them. */
type Rule = [failed: boolean, message: string];

function failures(rules: Rule[]): string[] {
  return rules.filter(([failed]) => failed).map(([, message]) => message);
}

const blank = (value: string | undefined | null): boolean => !value || value.trim() === '';

/** A stored field's cap and characters, reported right after the spec's own rules for it. */
const textRules = (value: string | undefined | null, field: TextField): Rule[] =>
  textFailures(value, field).map((message) => [true, message]);

const passwordTooLong = (password: string | undefined, label?: string): Rule => [
  !!password && password.length > TextLimits.password,
  passwordTooLongMessage(label),
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

export function validateRegistration(form: RegistrationForm): string[] {
  return failures([
    [blank(form.firstName), Messages.firstNameRequired],
    ...textRules(form.firstName, TextFields.firstName),
    [blank(form.lastName), Messages.lastNameRequired],
    ...textRules(form.lastName, TextFields.lastName),
    [blank(form.email), Messages.emailRequired],
    [!blank(form.email) && !isValidEmail(form.email), Messages.invalidEmail],
    ...textRules(form.email, TextFields.email),
    [!blank(form.phoneNumber) && !isValidPhone(form.phoneNumber ?? ''), Messages.invalidPhone],
    [blank(form.roleName) || !isRoleName(form.roleName), Messages.roleRequired],
    [!form.password, Messages.passwordRequired],
    [!form.confirmPassword, Messages.confirmPasswordRequired],
    [!!form.password && !isStrongPassword(form.password), Messages.passwordComplexity],
    passwordTooLong(form.password),
    [
      !!form.password && !!form.confirmPassword && form.password !== form.confirmPassword,
      Messages.passwordMismatch,
    ],
  ]);
}

export interface LoginForm {
  email: string;
  password: string;
}

export function validateLogin(form: LoginForm): string[] {
  return failures([
    [blank(form.email), Messages.emailRequired],
    [!blank(form.email) && !isValidEmail(form.email), Messages.invalidEmail],
    ...textRules(form.email, TextFields.email),
    [!form.password, Messages.passwordRequired],
  ]);
}

export function validateResetRequest(form: { email: string }): string[] {
  return failures([
    [blank(form.email), Messages.emailRequired],
    [!blank(form.email) && !isValidEmail(form.email), Messages.emailInvalid],
    ...textRules(form.email, TextFields.email),
  ]);
}

export interface ResetConfirmForm {
  password: string;
  confirmPassword: string;
}

export function validateResetConfirm(form: ResetConfirmForm): string[] {
  return failures([
    [!form.password, Messages.passwordRequired],
    [!form.confirmPassword, Messages.confirmPasswordRequiredCapital],
    [!!form.password && !isStrongPassword(form.password), Messages.passwordComplexity],
    passwordTooLong(form.password),
    [
      !!form.password && !!form.confirmPassword && form.password !== form.confirmPassword,
      Messages.passwordMismatch,
    ],
  ]);
}

export interface ChangePasswordForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export function validateChangePassword(form: ChangePasswordForm): string[] {
  return failures([
    [!form.oldPassword, Messages.oldPasswordRequired],
    [!form.newPassword, Messages.newPasswordRequired],
    [!!form.newPassword && !form.confirmPassword, Messages.confirmPasswordRequired],
    [!!form.newPassword && !isStrongPassword(form.newPassword), Messages.passwordComplexity],
    passwordTooLong(form.newPassword, 'New password'),
    [
      !!form.newPassword && !!form.confirmPassword && form.newPassword !== form.confirmPassword,
      Messages.passwordMismatch,
    ],
  ]);
}

export interface ProfileForm {
  firstName: string;
  lastName: string;
  email?: string;
  phoneNumber?: string;
}

export function validateProfile(form: ProfileForm): string[] {
  return failures([
    [blank(form.firstName), Messages.firstNameRequired],
    ...textRules(form.firstName, TextFields.firstName),
    [blank(form.lastName), Messages.lastNameRequired],
    ...textRules(form.lastName, TextFields.lastName),
    [!blank(form.email) && !isValidEmail(form.email ?? ''), Messages.invalidEmail],
    [!blank(form.phoneNumber) && !isValidPhone(form.phoneNumber ?? ''), Messages.invalidPhone],
  ]);
}

export interface VideoDetailsForm {
  title: string;
  description: string;
  notes?: string;
}

const videoTextRules = (form: VideoDetailsForm): Rule[] => [
  ...textRules(form.title, TextFields.videoTitle),
  ...textRules(form.description, TextFields.videoDescription),
  ...textRules(form.notes, TextFields.notes),
];

export function validateVideoDetails(form: VideoDetailsForm): string[] {
  return failures([
    [blank(form.title), Messages.videoNameRequired],
    [blank(form.description), Messages.videoDescriptionRequired],
    ...videoTextRules(form),
  ]);
}

export interface SelectPlayersForm extends VideoDetailsForm {
  teamLetter: string;
  selectedPlayers: number[];
}

export function validateSelectPlayers(form: SelectPlayersForm): string[] {
  return failures([
    [blank(form.title), Messages.videoNameRequired],
    [blank(form.description), Messages.videoDescriptionRequired],
    [blank(form.teamLetter), Messages.selectTeam],
    [form.selectedPlayers.length === 0, Messages.selectPlayer],
    ...videoTextRules(form),
  ]);
}
