import type { FastifyPluginAsync } from 'fastify';
import { sendCachedAnswer } from '../../plugins/compression.js';
import { listAllProducts } from '../products/repository.js';
import { findVariantsOf } from '../products/variants.js';
import { buildGoogleFeed, buildHotlineFeed, buildRobots, buildSitemap } from './feeds.js';

const XML_TYPE = 'application/xml; charset=utf-8';

/**
 * /robots.txt, /sitemap.xml and the price feeds (docs/seo.md). They live in the catalogue cache,
 * so every product write (on any instance) makes the next request build them afresh.
 */
export const siteRoutes: FastifyPluginAsync = async (app) => {
  const { siteUrl } = app.config;

  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(buildRobots(siteUrl)),
  );

  const xml = (key: string, build: () => Promise<string>) =>
    app.get(`/${key}`, async (request, reply) => {
      const answer = await app.catalogCache.answer(key, build);
      return sendCachedAnswer(request, reply.header('cache-control', 'no-cache'), answer, XML_TYPE);
    });

  xml('sitemap.xml', async () => buildSitemap(siteUrl, await listAllProducts(app.db, { inStockOnly: true })));
  /** Every published product with its active packs: the feeds list one item per pack. */
  const catalogue = async () => {
    const all = await listAllProducts(app.db, { inStockOnly: false });
    return [
      all,
      await findVariantsOf(
        app.db,
        all.map((p) => p.id),
      ),
    ] as const;
  };
  xml('feeds/google.xml', async () => buildGoogleFeed(siteUrl, ...(await catalogue())));
  xml('feeds/hotline.xml', async () => buildHotlineFeed(siteUrl, ...(await catalogue())));
};
