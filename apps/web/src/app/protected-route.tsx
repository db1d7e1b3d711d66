import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/session.js';

/** Signed-out visitors go to /login?from=<path>; after an explicit log-out, to plain /login. */
export function ProtectedRoute() {
  const { auth, signOutReason } = useSession();
  const location = useLocation();
  if (auth.token) return <Outlet />;
  if (signOutReason === 'logout') return <Navigate to="/login" replace />;
  const from = `${location.pathname}${location.search}`;
  return <Navigate to={`/login?from=${encodeURIComponent(from)}`} replace />;
}
