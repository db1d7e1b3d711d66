import { ChangePasswordSection } from './change-password-section.js';
import { EmailPreferencesSection } from './email-preferences-section.js';
import { MyProfileSection } from './my-profile-section.js';

export function SettingsPage() {
  return (
    <div className="page">
      <h1 className="page__title">Settings</h1>
      <div className="settings-grid">
        <EmailPreferencesSection />
        <MyProfileSection />
        <ChangePasswordSection />
      </div>
    </div>
  );
}
