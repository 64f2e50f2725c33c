import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../paths';
import { useAuth } from '../stores/auth';

/** Signed-in routes: anyone else goes to /login and comes back after (SPEC.md §2 guards). */
export function RequireAuth() {
  const signedIn = useAuth((s) => s.userInfo !== null);
  const location = useLocation();
  return signedIn ? <Outlet /> : <Navigate to={paths.login(location.pathname + location.search)} replace />;
}

/** Admin routes: non-admins go to /login too. */
export function RequireAdmin() {
  const isAdmin = useAuth((s) => s.userInfo?.isAdmin === true);
  const location = useLocation();
  return isAdmin ? <Outlet /> : <Navigate to={paths.login(location.pathname + location.search)} replace />;
}
