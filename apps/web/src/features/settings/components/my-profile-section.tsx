import { useEffect, useState } from 'react';
import { fieldErrors, Messages, ROLES, roleIdOf, validateProfile } from '@filmroom/contract';
import { emailOf } from '../../../lib/access-token.js';
import { errorMessageOf } from '../../../lib/api-error.js';
import { notify } from '../../../lib/notifier.js';
import { useFieldErrors } from '../../../lib/use-field-errors.js';
import { useSession } from '../../../lib/session.js';
import { PhoneField } from '../../../components/phone-field.js';
import { RoleSelect } from '../../../components/role-select.js';
import { NameFields } from '../../../components/name-fields.js';
import { TextField } from '../../../components/text-field.js';
import { useMyProfile } from '../api/get-my-profile.js';
import { useSaveMyProfile } from '../api/save-my-profile.js';
import { SettingsSection } from './settings-section.js';

export function MyProfileSection() {
  const { auth } = useSession();
  const email = emailOf(auth.token);
  const { data } = useMyProfile();
  const saveMutation = useSaveMyProfile();
  const [form, setForm] = useState({ firstName: '', lastName: '', phoneNumber: '', roleName: '' });
  const set = (field: keyof typeof form) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));
  const profile = {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    email: email.trim(),
    phoneNumber: form.phoneNumber.trim(),
    roleName: form.roleName.trim(),
  };
  const fields = useFieldErrors(
    () => fieldErrors.profile(profile),
    () => validateProfile(profile),
  );

  useEffect(() => {
    if (data) {
      setForm({
        firstName: data.firstName,
        lastName: data.lastName,
        phoneNumber: data.phoneNumber.replace(/\D/g, ''),
        roleName: data.roleName,
      });
    }
  }, [data]);

  async function save() {
    const failures = validateProfile(profile);
    if (failures.length > 0) {
      fields.show();
      notify.errors(failures);
      return;
    }
    try {
      await saveMutation.mutateAsync({ ...profile, roleId: roleIdOf(profile.roleName) });
      notify.success(Messages.profileSaved);
    } catch (error) {
      notify.formError(errorMessageOf(error));
    }
  }

  return (
    <SettingsSection
      id="my-profile"
      title="My Profile"
      description="Your name, phone and role."
      isSaving={saveMutation.isPending}
      onSave={() => void save()}
    >
      <NameFields idPrefix="profile-" values={form} errors={fields.errors} onChange={set} />
      <TextField
        id="profile-email"
        label="Email"
        type="email"
        value={email}
        readOnly
        error={fields.errors.email}
        hint="Your login e-mail; it cannot be changed here."
      />
      <PhoneField
        id="profile-phone"
        label="Phone"
        value={form.phoneNumber}
        onChange={set('phoneNumber')}
        error={fields.errors.phoneNumber}
      />
      <RoleSelect
        id="profile-role"
        label="Role"
        value={form.roleName}
        roles={ROLES.map((role) => role.name)}
        onChange={set('roleName')}
      />
    </SettingsSection>
  );
}
