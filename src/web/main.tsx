import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import './styles.scss';
import { setUnauthorizedListener } from './api/client';
import { queryClient } from './api/query-client';
import { loadLanguage, useLanguage } from './i18n';
import { BrowserRouter } from './navigation';
import { loadScreens, ShopRoutes } from './router';
import { useAuth } from './stores/auth';

// Any 401 means the session is gone: sign out here too (docs/errors.md).
setUnauthorizedListener(() => {
  if (useAuth.getState().userInfo) {
    useAuth.getState().signOut();
    queryClient.clear();
  }
});
const language = useLanguage.getState().language;
document.documentElement.lang = language;

// The server embeds the answers the first screen needs (docs/seo.md): no second round-trip for them.
const pageData = document.getElementById('page-data');
if (pageData?.textContent) {
  for (const { key, value } of JSON.parse(pageData.textContent) as { key: unknown[]; value: unknown }[]) queryClient.setQueryData(key, value);
}

/**
 * Marks the page as live once React has drawn or taken over its markup: public/start-app.js then
 * repeats the buttons pressed before, and browser tests wait for it.
 */
function Ready({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return children;
}

// Rendered once the chosen language's texts and the code of the screens this address shows are
// here, so that React draws at once what the server drew. A page the server rendered
// (docs/seo.md) is hydrated: React takes over its markup, which shows meanwhile.
const container = document.getElementById('root')!;
void Promise.all([loadLanguage(language), loadScreens(window.location)]).then(() => {
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Ready>
          <BrowserRouter>
            <ShopRoutes />
          </BrowserRouter>
        </Ready>
      </QueryClientProvider>
    </StrictMode>
  );
  // Hydrating in a transition lets React yield to the browser every few milliseconds instead of
  // holding the main thread for the whole page: the markup is already on screen meanwhile.
  if (container.firstElementChild) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
});
