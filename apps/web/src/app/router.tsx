import type { RouteObject } from 'react-router';
import { ActivatePage } from '../features/auth/components/activate-page.js';
import { ConfirmResetPasswordPage } from '../features/auth/components/confirm-reset-password-page.js';
import { LoginPage } from '../features/auth/components/login-page.js';
import { RegisterPage } from '../features/auth/components/register-page.js';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page.js';
import { SettingsPage } from '../features/settings/components/settings-page.js';
import { AppLayout } from './layout/app-layout.js';
import { PageChangeWatcher } from './page-change-watcher.js';
import { HomePage } from './pages/home-page.js';
import { NotFoundPage } from './pages/not-found-page.js';
import { ProtectedRoute } from './protected-route.js';

/** Every route of spec §2. Auth pages render without the header navigation and footer. */
export const routes: RouteObject[] = [
  {
    element: <PageChangeWatcher />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/confirm-reset-password', element: <ConfirmResetPasswordPage /> },
      { path: '/activate', element: <ActivatePage /> },
      {
        element: <ProtectedRoute />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: '/', element: <HomePage /> },
              { path: '/settings', element: <SettingsPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
