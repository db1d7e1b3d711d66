import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { notify } from '../lib/notifier.js';

/** Every page's parent: an error toast about one page closes when another page opens. */
export function PageChangeWatcher() {
  const { pathname } = useLocation();
  useEffect(() => notify.dismissErrors, [pathname]);
  return <Outlet />;
}
