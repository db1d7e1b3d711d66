import type { ReactNode } from 'react';
import { AuthIllustration } from './auth-illustration.js';

/** Two-column frame for the account pages: the form card and the side image. */
export function AuthLayout({
  title,
  children,
  banner,
}: {
  title: string;
  children: ReactNode;
  banner?: ReactNode;
}) {
  return (
    <main className="auth-page">
      {banner}
      <div className="auth-card">
        <section className="auth-card__form">
          <div className="brand brand--auth">
            <span className="brand__logo" aria-hidden="true">
              <i className="pi pi-video" />
            </span>
            <span className="brand__name">FilmRoom</span>
          </div>
          <h1>{title}</h1>
          {children}
        </section>
        <aside className="auth-card__art">
          <AuthIllustration />
          <p className="auth-card__tagline">Every play. Every player.</p>
        </aside>
      </div>
    </main>
  );
}
