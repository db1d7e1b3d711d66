import type { FormEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button } from 'primereact/button';

interface SettingsSectionProps {
  id: string;
  title: string;
  description: string;
  isSaving: boolean;
  onSave(): void;
  children: ReactNode;
}

/** A settings card with Cancel (back in history) and Save. */
export function SettingsSection({
  id,
  title,
  description,
  isSaving,
  onSave,
  children,
}: SettingsSectionProps) {
  const navigate = useNavigate();
  return (
    <section className="settings-section" aria-labelledby={`${id}-title`}>
      <header className="settings-section__header">
        <h2 id={`${id}-title`}>{title}</h2>
        <p className="muted">{description}</p>
      </header>
      <form
        className="form"
        noValidate
        aria-label={title}
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          onSave();
        }}
      >
        {children}
        <div className="form__actions">
          <Button
            type="button"
            label="Cancel"
            severity="secondary"
            outlined
            onClick={() => navigate(-1)}
          />
          <Button type="submit" label="Save" loading={isSaving} />
        </div>
      </form>
    </section>
  );
}
