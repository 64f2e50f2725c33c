import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { loadScreens, ShopRoutes } from './router';

/** An answer the page embeds (docs/seo.md): a query-cache entry of the web app. */
export interface PageData {
  key: unknown[];
  value: unknown;
}

/**
 * The HTML of a page's #root as the browser's first render will make it (docs/seo.md): in
 * Ukrainian, signed out, with an empty cart, from the same embedded answers. Queries without
 * embedded data render as loading, as in the browser; nothing is fetched.
 */
export async function render(path: string, data: PageData[]): Promise<string> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { enabled: false, retry: false, staleTime: Infinity } } });
  for (const { key, value } of data) queryClient.setQueryData(key, value);
  await loadScreens(path.split(/[?#]/)[0]);
  const page = (
    <QueryClientProvider client={queryClient}>
      <StaticRouter location={path}>
        <ShopRoutes />
      </StaticRouter>
    </QueryClientProvider>
  );
  // One piece of markup: streamed, React would complete late parts by inline scripts, which the
  // content policy refuses. The screens' code is loaded already, so nothing suspends.
  return renderToString(page);
}
