import { useState } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { Sidebar } from 'primereact/sidebar';
import { RoleName } from '@filmroom/contract';
import { rolesOf } from '../../lib/access-token.js';
import { useSession } from '../../lib/session.js';
import { logOut } from '../../features/auth/api/log-out.js';
import { GoToProfileButton } from '../../features/player/components/go-to-profile-button.js';
import { UploadButtons } from '../../features/upload/components/upload-buttons.js';
import { useUploadLauncher } from '../upload-flow.js';
import { Brand } from './brand.js';

const SIDEBAR_TRANSITION = { enter: 300, exit: 300 };

export function Header() {
  const { auth } = useSession();
  const navigate = useNavigate();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const openUpload = useUploadLauncher();
  const isPlayer = rolesOf(auth.token).includes(RoleName.Player);

  function logOutAndLeave() {
    setMenuOpen(false);
    logOut();
    navigate('/login', { replace: true });
  }

  const navLinks = (
    <>
      <NavLink to="/" end className="nav-tab" onClick={() => setMenuOpen(false)}>
        Home
      </NavLink>
      <NavLink to="/settings" className="nav-tab" onClick={() => setMenuOpen(false)}>
        Settings
      </NavLink>
    </>
  );

  return (
    <header className="app-header">
      <div className="app-header__inner">
        <Brand />
        <nav className="app-header__nav" aria-label="Main">
          {navLinks}
        </nav>
        <div className="app-header__actions">
          {isPlayer && <GoToProfileButton />}
          <Button
            type="button"
            label="Log out"
            icon="pi pi-sign-out"
            text
            onClick={logOutAndLeave}
          />
        </div>
        <Button
          type="button"
          icon="pi pi-bars"
          text
          className="app-header__menu-button"
          aria-label="Open menu"
          onClick={() => setMenuOpen(true)}
        />
      </div>
      <Sidebar
        visible={isMenuOpen}
        position="right"
        onHide={() => setMenuOpen(false)}
        transitionOptions={{ timeout: SIDEBAR_TRANSITION }}
        header={<Brand />}
        className="mobile-menu"
      >
        <nav className="mobile-menu__nav" aria-label="Menu">
          {navLinks}
        </nav>
        <div className="mobile-menu__uploads">
          <UploadButtons
            layout="column"
            onSelect={(mode) => {
              setMenuOpen(false);
              openUpload(mode);
            }}
          />
        </div>
        {isPlayer && <GoToProfileButton className="w-full" />}
        <Button
          type="button"
          label="Log out"
          icon="pi pi-sign-out"
          outlined
          className="w-full"
          onClick={logOutAndLeave}
        />
      </Sidebar>
    </header>
  );
}
