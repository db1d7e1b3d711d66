import { useState } from 'react';
import { fieldErrors, Messages, validateChangePassword } from '@filmroom/contract';
import { errorMessageOf } from '../../../lib/api-error.js';
import { notify } from '../../../lib/notifier.js';
import { useFieldErrors } from '../../../lib/use-field-errors.js';
import { NewPasswordFields } from '../../../components/new-password-fields.js';
import { PasswordInput } from '../../../components/password-input.js';
import { useChangePassword } from '../api/change-password.js';
import { SettingsSection } from './settings-section.js';

const EMPTY = { oldPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordSection() {
  const changeMutation = useChangePassword();
  const [form, setForm] = useState(EMPTY);
  const set = (field: keyof typeof form) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));
  const fields = useFieldErrors(
    () => fieldErrors.changePassword(form),
    () => validateChangePassword(form),
  );

  async function save() {
    const failures = validateChangePassword(form);
    if (failures.length > 0) {
      fields.show();
      notify.errors(failures);
      return;
    }
    try {
      await changeMutation.mutateAsync({
        oldPassword: form.oldPassword,
        newPassword: form.newPassword,
      });
      setForm(EMPTY);
      notify.success(Messages.passwordChanged);
    } catch (error) {
      notify.formError(errorMessageOf(error));
    }
  }

  return (
    <SettingsSection
      id="change-password"
      title="Change Password"
      description="At least 8 characters with an uppercase letter, a lowercase letter, a number and a special character."
      isSaving={changeMutation.isPending}
      onSave={() => void save()}
    >
      <PasswordInput
        id="old-password"
        label="Old Password"
        value={form.oldPassword}
        onChange={set('oldPassword')}
        error={fields.errors.oldPassword}
        autoComplete="current-password"
      />
      <NewPasswordFields
        id="new-password"
        label="New Password"
        password={form.newPassword}
        confirmation={form.confirmPassword}
        errors={{
          password: fields.errors.newPassword,
          confirmation: fields.errors.confirmPassword,
        }}
        onPassword={set('newPassword')}
        onConfirmation={set('confirmPassword')}
      />
    </SettingsSection>
  );
}
