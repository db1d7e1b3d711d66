import { Outlet } from 'react-router';
import { Footer } from './footer.js';
import { Header } from './header.js';

/** Frame of the signed-in pages: header navigation, content, footer. */
export function AppLayout() {
  return (
    <div className="app-shell">
      <Header />
      <main className="app-main">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
