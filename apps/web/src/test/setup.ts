import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { removeSecure, StorageKeys } from '../lib/secure-storage.js';
import { reloadSession } from '../lib/session.js';
import { notify } from '../lib/notifier.js';

// The machine running the suite may be busy; give async UI a little longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  notify.clear();
  removeSecure(StorageKeys.auth);
  removeSecure(StorageKeys.rememberMe);
  localStorage.clear();
  sessionStorage.clear();
  reloadSession();
});
