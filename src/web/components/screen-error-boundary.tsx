import { Component, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useT } from '../i18n';
import { forgetFailedFetches } from '../lazy';
import { Message } from './message';

interface Props {
  children: ReactNode;
  failed: ReactNode;
  pathname: string;
}

class Boundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  // Another address tries again. Not a remount by key: a new Suspense boundary would show its
  // loader instead of keeping the page while the next screen loads (navigation.tsx).
  override componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.pathname !== this.props.pathname) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? this.props.failed : this.props.children;
  }
}

/** What the page says instead of a screen that failed; the failed fetches may be tried again from now on. */
function ScreenFailed() {
  const t = useT();
  useEffect(forgetFailedFetches, []);
  return (
    <Message variant="danger">
      {t.common.screenFailed}{' '}
      <button type="button" className="btn btn-link alert-link p-0 align-baseline" onClick={() => window.location.reload()}>
        {t.common.reload}
      </button>
    </Message>
  );
}

/**
 * A screen that cannot be drawn, most often because its code did not arrive (no connection, or a
 * new version of the shop replaced it), says so in the page instead of blanking it; the header
 * and the menu still work, and another address tries again.
 */
export function ScreenErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Boundary pathname={pathname} failed={<ScreenFailed />}>
      {children}
    </Boundary>
  );
}
