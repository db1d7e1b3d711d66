import { Button } from 'primereact/button';
import { errorMessageOf } from '../../../lib/api-error.js';
import { notify } from '../../../lib/notifier.js';
import { useGoToPlayerProfile } from '../api/go-to-profile.js';

/** Player-only: opens the player's profile on the sister product in a new window. */
export function GoToProfileButton({ className }: { className?: string }) {
  const goToProfile = useGoToPlayerProfile();

  async function open() {
    // Open the window inside the click so pop-up blockers allow it, then point it at the profile.
    const target = window.open('', '_blank');
    try {
      const url = await goToProfile.mutateAsync();
      if (target) target.location.href = url;
      else window.open(url, '_blank', 'noopener');
    } catch (error) {
      target?.close();
      notify.error(errorMessageOf(error));
    }
  }

  return (
    <Button
      type="button"
      label="Go To My scoutSMART Profile"
      icon="pi pi-external-link"
      outlined
      size="small"
      className={className}
      loading={goToProfile.isPending}
      onClick={() => void open()}
    />
  );
}
