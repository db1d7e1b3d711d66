import { Brand } from './brand.js';

export function Footer() {
  return (
    <footer className="app-footer">
      <div className="app-footer__inner">
        <Brand />
        <span className="muted">Game film, scouted.</span>
      </div>
    </footer>
  );
}
