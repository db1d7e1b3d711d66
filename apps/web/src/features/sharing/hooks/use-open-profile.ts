import { errorMessageOf } from '../../../lib/api-error.js';
import { notify } from '../../../lib/notifier.js';
import { useProfileUrl } from '../api/get-profile-url.js';

/**
 * Opens the player's profile in a new window (spec §4 Share). The window opens inside the click so
 * pop-up blockers allow it, then goes to the address the server answers.
 */
export function useOpenProfile() {
  const profileUrl = useProfileUrl();

  async function openProfile(): Promise<boolean> {
    const target = window.open('', '_blank');
    try {
      const url = await profileUrl.mutateAsync();
      if (target) target.location.href = url;
      else window.open(url, '_blank', 'noopener');
      return true;
    } catch (error) {
      target?.close();
      notify.error(errorMessageOf(error));
      return false;
    }
  }

  return { openProfile, isOpening: profileUrl.isPending };
}
