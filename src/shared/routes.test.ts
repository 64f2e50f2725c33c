import { describe, expect, it } from 'vitest';
import { categoryPath } from './categories.js';
import { matchRoute, paths, ROUTE_NAMES, ROUTES } from './routes.js';

describe('the links of the shop', () => {
  it('keep the addresses the shop has always had', () => {
    expect([paths.home, paths.hops, paths.yeast, paths.malt, paths.equipment, paths.discount, paths.cart, paths.recipe]).toEqual([
      '/',
      '/hops',
      '/yeast',
      '/malt',
      '/equipment',
      '/discount',
      '/cart',
      '/recipe',
    ]);
    expect(paths.product('drizhdzhi-us-05')).toBe('/product/drizhdzhi-us-05');
    expect(paths.savedRecipe('Ab_c-1')).toBe('/recipe/Ab_c-1');
    expect(paths.order('0b7c')).toBe('/order/0b7c');
    expect(paths.guestOrder('t0k-_en')).toBe('/order/guest/t0k-_en');
    expect(paths.searchPage('каскад 5', 2)).toBe(`/search/${encodeURIComponent('каскад 5')}/page/2`);
    expect(paths.legal('offer')).toBe('/oferta');
    expect(paths.legal('offer', 3)).toBe('/oferta/v/3');
    expect(paths.login('/order/1?placed=1')).toBe('/login?redirect=%2Forder%2F1%3Fplaced%3D1');
    expect(paths.login('/')).toBe('/login');
    expect(paths.resetPassword('a-b_c')).toBe('/reset-password?token=a-b_c');
    expect(paths.stockAlertsUnsubscribe('a+b@c.ua', 'sig')).toBe('/stock-alerts/unsubscribe?email=a%2Bb%40c.ua&signature=sig');
    expect(paths.admin.productEdit('42')).toBe('/admin/product/42/edit');
    expect(paths.admin.packingSlips(['1', '2'])).toBe('/admin/orders/packing-slips?ids=1,2');
    expect(paths.admin.dashboardFor(30)).toBe('/admin?days=30');
  });

  it('give the sections their own addresses and the categories the owner adds /catalog/{slug}', () => {
    expect(categoryPath('Hops', null)).toBe('/hops');
    expect(categoryPath('Equipment', null)).toBe('/equipment');
    expect(categoryPath('Kegs', 'Equipment')).toBe('/equipment?category=Kegs');
    expect(categoryPath('Wine Kits', null)).toBe('/catalog/Wine%20Kits');
  });
});

describe('matchRoute', () => {
  it('finds each page at its own pattern', () => {
    for (const name of ROUTE_NAMES) expect(matchRoute(ROUTES[name].pattern.replace(/:\w+/g, '7'))?.name, name).toBe(name);
  });

  it('reads the params, numbers only where the page wants a number', () => {
    expect(matchRoute('/search/hops/page/3')).toMatchObject({ name: 'searchPage', params: { keyword: 'hops', pageNumber: '3' } });
    expect(matchRoute('/oferta/v/2')).toMatchObject({ name: 'offerVersion', params: { version: '2' }, route: { legal: 'offer' } });
    expect(matchRoute('/page/two')).toBeNull();
    expect(matchRoute('/hops/extra')).toBeNull();
    expect(matchRoute('/order/guest/abc')?.name).toBe('guestOrder');
  });
});
