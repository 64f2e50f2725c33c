import { Navigate, Outlet, useLocation } from 'react-router';
import type { UserInfo } from '../../shared/users';
import { paths } from '../paths';
import { useAuth } from '../stores/auth';

/** Whether this user may open the path: admin screens for admins, the rest for anyone signed in. */
export function mayVisit(path: string, user: UserInfo | null): boolean {
  if (!user) return false;
  return path.startsWith('/admin') ? user.isAdmin : true;
}

/**
 * Where to go after signing in: only a path of this shop, never another site
 * (`//evil.example` and `https://…` are refused), so the query cannot be used for phishing.
 */
export function safeRedirect(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return paths.home;
  return value;
}

/** Signed-in routes: anyone else goes to /login and comes back after (SPEC.md §2 guards). */
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
