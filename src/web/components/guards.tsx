import { Navigate, Outlet, useLocation } from 'react-router';
import type { UserInfo } from '../../shared/users';
import { paths } from '../../shared/routes';
import { useAuth } from '../stores/auth';

/** Whether this user may open the path: admin screens for admins, the rest for anyone signed in. */
export function mayVisit(path: string, user: UserInfo | null): boolean {
  if (!user) return false;
  return path.startsWith(paths.admin.dashboard) ? user.isAdmin : true;
}

/**
 * Where to go after signing in: only a path of this shop, never another site, so the query
 * cannot be used for phishing. Browsers read `//host`, `/\host` and such with tabs or line
 * breaks inside (which they drop) as another site; the path is resolved the way a browser would
 * and must stay on this origin.
 */
export function safeRedirect(value: string | null): string {
  // eslint-disable-next-line no-control-regex
  if (!value || !value.startsWith('/') || /[\\\u0000-\u001f\u007f]/.test(value)) return paths.home;
  const base = 'https://shop.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return paths.home;
  }
  return url.origin === base ? url.pathname + url.search + url.hash : paths.home;
}

/** Signed-in routes: anyone else goes to /login and comes back after (docs/screens.md). */
export function RequireAuth() {
  const signedIn = useAuth((s) => s.userInfo !== null);
  const location = useLocation();
  return signedIn ? <Outlet /> : <Navigate to={paths.login(location.pathname + location.search)} replace />;
}

/** Admin routes: non-admins go to /login too (where they may sign in as an admin). */
export function RequireAdmin() {
  const isAdmin = useAuth((s) => s.userInfo?.isAdmin === true);
  const location = useLocation();
  return isAdmin ? <Outlet /> : <Navigate to={paths.login(location.pathname + location.search)} replace />;
}
