import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { ScrollRestoration, useNavigationPending } from '../navigation';
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
  return (
    <div className="d-flex flex-column min-vh-100">
      {loading && <div className="route-progress" role="progressbar" aria-label={t.common.loading} />}
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
