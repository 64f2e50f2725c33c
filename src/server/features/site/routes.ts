import type { FastifyPluginAsync } from 'fastify';
import { feedBrand } from '../../../shared/brand.js';
import { AppError } from '../../errors.js';
import { sendCachedAnswer } from '../../plugins/compression.js';
import { loadCatalogue } from '../categories/index.js';
import { listAllProducts, findVariantsOf } from '../products/index.js';
import { getSettings } from '../settings/index.js';
import { buildGoogleFeed, buildHotlineFeed, buildRobots, buildSitemap, buildYmlFeed, type FeedCategory, type FeedSource } from './feeds.js';

const XML_TYPE = 'application/xml; charset=utf-8';

/**
 * /robots.txt, /sitemap.xml and the price feeds (docs/seo.md). They live in the catalogue cache,
 * which every product, category or settings write (on any instance) empties, so the next request
 * builds them afresh.
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

  /** Every published product with its active packs, the category tree by name and the shop's settings. */
  const feedSource = async (): Promise<FeedSource & { hotlineFirmId: string }> => {
    const [products, catalogue, settings] = await Promise.all([listAllProducts(app.db, { inStockOnly: false }), loadCatalogue(app.db), getSettings(app.db)]);
    const packsOf = await findVariantsOf(
      app.db,
      products.map((p) => p.id),
    );
    const byId = new Map(catalogue.categories.map((c) => [c.id, c]));
    const categories = new Map<string, FeedCategory>(
      catalogue.categories.map((c) => {
        const parent = c.parentId ? byId.get(c.parentId) : undefined;
        return [
          c.slug,
          {
            slug: c.slug,
            name: c.name,
            feedId: c.feedId,
            parentFeedId: parent?.feedId ?? null,
            parentName: parent?.name ?? null,
            googleProductCategory: c.googleProductCategory || parent?.googleProductCategory || '',
          },
        ];
      }),
    );
    const producerOf = (product: { category: string; producer: string }) => {
      const category = catalogue.bySlug(product.category);
      return [...(category ? catalogue.producersOf(category.id) : []), ...catalogue.producersOf(null)].find((p) => p.name === product.producer);
    };
    return {
      siteUrl,
      shop: { name: settings.shop.name, legalName: settings.shop.legalName, description: settings.shop.description },
      products,
      packsOf,
      categories,
      brandOf: (product) => feedBrand(product, producerOf(product)),
      attributesOf: (slug) => {
        const category = catalogue.bySlug(slug);
        return category ? catalogue.attributesOf(category.id) : [];
      },
      hotlineFirmId: settings.feeds.hotlineFirmId,
    };
  };

  xml('feeds/google.xml', async () => buildGoogleFeed(await feedSource()));
  xml('feeds/yml.xml', async () => buildYmlFeed(await feedSource()));
  xml('feeds/hotline.xml', async () => {
    const source = await feedSource();
    // Hotline files a price list by the shop's number there: without it the list would be refused.
    if (!source.hotlineFirmId) {
      throw new AppError('HOTLINE_FIRM_ID_MISSING');
    }
    return buildHotlineFeed(source, source.hotlineFirmId);
  });
};
