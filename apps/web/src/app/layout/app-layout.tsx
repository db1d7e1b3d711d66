import { Outlet } from 'react-router';
import { Footer } from './footer.js';
import { Header } from './header.js';
import { UploadFlow } from '../upload-flow.js';

/** Frame of the signed-in pages: header navigation, content, footer. */
export function AppLayout() {
  return (
    <UploadFlow>
      <div className="app-shell">
        <Header />
        <main className="app-main">
          <Outlet />
        </main>
        <Footer />
      </div>
    </UploadFlow>
  );
}
