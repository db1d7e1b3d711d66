import { useEffect, useState } from 'react';
import { RadioButton } from 'primereact/radiobutton';
import { Messages } from '@filmroom/contract';
import { errorMessageOf } from '../../../lib/api-error.js';
import { notify } from '../../../lib/notifier.js';
import { useEmailPreferences } from '../api/get-email-preferences.js';
import { useSaveEmailPreferences } from '../api/save-email-preferences.js';
import { SettingsSection } from './settings-section.js';

export function EmailPreferencesSection() {
  const { data } = useEmailPreferences();
  const saveMutation = useSaveEmailPreferences();
  const [isEnabled, setEnabled] = useState(true);

  useEffect(() => {
    if (data) setEnabled(data.notificationsEnabled);
  }, [data]);

  async function save() {
    try {
      await saveMutation.mutateAsync({ notificationsEnabled: isEnabled });
      notify.success(Messages.emailPreferencesSaved);
    } catch (error) {
      notify.error(errorMessageOf(error));
    }
  }

  return (
    <SettingsSection
      id="email-preferences"
      title="Email Preferences"
      description="Do you want an e-mail when a video finishes processing?"
      isSaving={saveMutation.isPending}
      onSave={() => void save()}
    >
      <div className="radio-group" role="radiogroup" aria-label="Email notifications">
        <div className="radio-field">
          <RadioButton
            inputId="notifications-yes"
            name="notifications"
            value="yes"
            checked={isEnabled}
            onChange={() => setEnabled(true)}
          />
          <label htmlFor="notifications-yes">Yes</label>
        </div>
        <div className="radio-field">
          <RadioButton
            inputId="notifications-no"
            name="notifications"
            value="no"
            checked={!isEnabled}
            onChange={() => setEnabled(false)}
          />
          <label htmlFor="notifications-no">No</label>
        </div>
      </div>
    </SettingsSection>
  );
}
