import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import './styles.scss';
import { setUnauthorizedListener } from './api/client';
import { queryClient } from './api/query-client';
import { loadLanguage, useLanguage } from './i18n';
import { router } from './router';
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

// Rendered once the chosen language's texts are here (at once for Ukrainian).
void loadLanguage(language).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  ),
);
