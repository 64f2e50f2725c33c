import { Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { UserIcon } from '../../../components/icons';
import { useT } from '../../../i18n';
import { paths } from '../../../../shared/routes';
import { useAuth } from '../../../stores/auth';
import { lazyComponent } from '../../../lazy';

const accountMenus = lazyComponent(() => import('./account-menus'));
// A stored session's menus are fetched with the app: they are here when the session shows, just after hydration.
if (useAuth.getState().userInfo) void accountMenus.load();

/** The header's account corner: the login link, or the user's dropdown and, for admins, the admin one. */
export function UserMenu() {
  const t = useT();
  const location = useLocation();
  const userInfo = useAuth((s) => s.userInfo);

  if (!userInfo) {
    const here = location.pathname + location.search;
    const onAuthPage = location.pathname === paths.login() || location.pathname === paths.register();
    return (
      <Link className="nav-link" to={onAuthPage ? paths.login() : paths.login(here)}>
        <UserIcon aria-hidden /> {t.common.signIn}
      </Link>
    );
  }

  return (
    <Suspense fallback={null}>
      <accountMenus.Component userInfo={userInfo} />
    </Suspense>
  );
}
