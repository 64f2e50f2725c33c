import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from './router';

/** An answer the page embeds (docs/seo.md): a query-cache entry of the web app. */
export interface PageData {
  key: unknown[];
  value: unknown;
}

const handler = createStaticHandler(routes);

/**
 * The HTML of a page's #root as the browser's first render will make it (docs/seo.md): in
 * Ukrainian, signed out, with an empty cart, from the same embedded answers. Queries without
 * embedded data render as loading, as in the browser; nothing is fetched.
 */
export async function render(path: string, data: PageData[]): Promise<string> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { enabled: false, retry: false, staleTime: Infinity } } });
  for (const { key, value } of data) queryClient.setQueryData(key, value);
  // Appended, not resolved: a path such as //hops stays a path (a 404), never another host.
  const context = await handler.query(new Request(`http://shop.invalid${path}`));
  if (context instanceof Response) throw new Error(`no page to render at ${path}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const page = (
    <QueryClientProvider client={queryClient}>
      {/* No hydration data: no route loads data, and the inline script would break the content policy. */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </QueryClientProvider>
  );
  // One piece of markup: streamed, React would complete late parts by inline scripts, which the
  // content policy refuses. The handler's query has loaded the screen's code already.
  return renderToString(page);
}
