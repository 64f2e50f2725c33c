import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { ScrollRestoration, useNavigationPending } from '../navigation';
import { useTestMode } from '../api/settings';
import { useT } from '../i18n';
import { Footer } from './footer';
import { Header } from './header';
import { Loader } from './loader';
import { ScreenErrorBoundary } from './screen-error-boundary';
import { Toasts } from './notify';
import { SideMenu } from './side-menu';

/** The page frame; `accountMenu` is the header's account corner, which the account feature owns. */
export function Layout({ accountMenu }: { accountMenu: ReactNode }) {
  const t = useT();
  // The next screen's code is on its way (navigation.tsx): the page stays, a bar says it is coming.
  const loading = useNavigationPending();
  // Test payments pay nothing real: every page says so while they are on (docs/payments.md).
  const testMode = useTestMode().data === true;
  return (
    <div className="d-flex flex-column min-vh-100">
      {loading && <div className="route-progress" role="progressbar" aria-label={t.common.loading} />}
      {testMode && (
        <div className="test-mode-banner text-center small py-1 px-2" role="note" data-testid="test-mode-banner">
          {t.common.testModeBanner}
        </div>
      )}
      <Header accountMenu={accountMenu} />
      <div className="container flex-grow-1 py-3">
        <div className="row">
          <aside className="col-lg-3 col-xl-2 d-none d-lg-block">
            <SideMenu />
          </aside>
          <main className="col-lg-9 col-xl-10" id="main" tabIndex={-1}>
            <ScreenErrorBoundary>
              <Suspense fallback={<Loader />}>
                <Outlet />
              </Suspense>
            </ScreenErrorBoundary>
          </main>
        </div>
      </div>
      <Footer />
      <Toasts />
      <ScrollRestoration />
    </div>
  );
}
