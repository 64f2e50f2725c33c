import { describe, expect, test } from 'vitest';
import { CatalogCache } from './catalog-cache';
import { z } from 'zod';

const anything = z.unknown();

describe('catalogue cache', () => {
  test('serves a page from memory until invalidated', async () => {
    const cache = new CatalogCache();
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await cache.get('a', anything, load)).toBe('{"n":1}');
    expect(await cache.get('a', anything, load)).toBe('{"n":1}');
    cache.invalidate();
    expect(await cache.get('a', anything, load)).toBe('{"n":2}');
  });

  test('concurrent misses share one load', async () => {
    const cache = new CatalogCache();
    let loads = 0;
    const load = () => new Promise((resolve) => setTimeout(() => resolve(++loads), 10));
    await Promise.all([cache.get('a', anything, load), cache.get('a', anything, load), cache.get('a', anything, load)]);
    expect(loads).toBe(1);
  });

  test('a result read before a write lands is not kept', async () => {
    const cache = new CatalogCache();
    let release!: () => void;
    const slow = () => new Promise<string>((resolve) => (release = () => resolve('stale')));
    const pending = cache.get('a', anything, slow);
    cache.invalidate(); // a product changed while the page was being read
    release();
    expect(await pending).toBe('"stale"');
    expect(await cache.get('a', anything, async () => 'fresh')).toBe('"fresh"');
  });

  test('off while the change feed is down', async () => {
    const cache = new CatalogCache();
    cache.setEnabled(false);
    let loads = 0;
    await cache.get('a', anything, async () => ++loads);
    await cache.get('a', anything, async () => ++loads);
    expect(loads).toBe(2);
  });

  test('expired entries are read again', async () => {
    const cache = new CatalogCache(0);
    let loads = 0;
    await cache.get('a', anything, async () => ++loads);
    await new Promise((r) => setTimeout(r, 2));
    await cache.get('a', anything, async () => ++loads);
    expect(loads).toBe(2);
  });
});
