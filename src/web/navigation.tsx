import { createContext, use, useEffect, useLayoutEffect, useRef, useState, useTransition, type ReactNode } from 'react';
import { NavigationType, Router, UNSAFE_createBrowserHistory as createBrowserHistory, useLocation, useNavigationType } from 'react-router';

const NavigationPending = createContext(false);

/** True while the next screen is on its way: the page shown stays, and the layout shows a progress bar. */
export const useNavigationPending = () => use(NavigationPending);

/**
 * The browser's router (docs/decisions/012-first-load.md): React Router's declarative mode, whose
 * navigations are React transitions. A screen whose code is still loading suspends; the page
 * the shopper leaves stays until it is here, and `useNavigationPending` says it is coming.
 */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory({ v5Compat: true }));
  const [state, setState] = useState({ action: history.action, location: history.location });
  const [pending, startTransition] = useTransition();
  useLayoutEffect(() => history.listen(({ action, location }) => startTransition(() => setState({ action, location }))), [history]);
  return (
    <NavigationPending value={pending}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        {children}
      </Router>
    </NavigationPending>
  );
}

/** Scroll positions by history entry, for going back and forward. */
const scrollPositions = new Map<string, number>();

/**
 * A new page opens at its top; back and forward return where the shopper was. The browser cannot
 * do it alone: the page it returns to is drawn after its scroll would have been restored.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef(location.key);
  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const remember = () => scrollPositions.set(shown.current, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);
  useLayoutEffect(() => {
    shown.current = location.key;
    // At once: Bootstrap's smooth scrolling would glide down a page just opened.
    const top = navigationType === NavigationType.Pop ? (scrollPositions.get(location.key) ?? 0) : 0;
    if (!location.hash) window.scrollTo({ top, behavior: 'instant' });
  }, [location.key, location.hash, navigationType]);
  return null;
}
