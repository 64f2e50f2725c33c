/**
 * Every page of the shop, declared once (docs/decisions/030-route-registry.md): its address pattern
 * (React Router's `:param` form), who may open it and what search engines are told of it. The web's
 * router and links, the server's list of pages, robots.txt, the sitemap, the feeds and the letters
 * read it. The first page loads it: it stays small and free of zod (docs/decisions/012-first-load.md).
 */

/** Who may open a page: anyone, a signed-in customer, an admin. The web app guards the last two. */
export type Access = 'public' | 'signed-in' | 'admin';

/**
 * What search engines are told (docs/seo.md): a `listed` page is in the sitemap (a pattern's pages
 * as the catalogue has them: the products in stock), an `open` one may be crawled but is not listed,
 * a `closed` one robots.txt disallows.
 */
export type Indexing = 'listed' | 'open' | 'closed';

/** The legal pages (docs/domain.md); each has its current text and its versions, `/oferta/v/3`. */
export const LEGAL_PAGE_KEYS = ['offer', 'privacy', 'delivery', 'returns'] as const;
export type LegalPageKey = (typeof LEGAL_PAGE_KEYS)[number];

export interface RouteSpec {
  readonly pattern: string;
  readonly access: Access;
  readonly indexing: Indexing;
  /** Params that are whole numbers (`/page/2`); any other param is one path segment. */
  readonly numeric?: readonly string[];
  /** The page shows a record (a product, a category, a saved recipe, a legal version): the server answers 404 without it. */
  readonly needsRecord?: true;
  /** Lists the catalogue: the sitemap dates it by the newest product. */
  readonly catalogue?: true;
  /** The category a section page lists (docs/domain.md): the four sections keep their own addresses. */
  readonly category?: string;
  /** The legal page it shows, the current text or (with a `version` param) an old one. */
  readonly legal?: LegalPageKey;
}

const page = <P extends string, M extends Omit<RouteSpec, 'pattern' | 'access' | 'indexing'>>(pattern: P, access: Access, indexing: Indexing, more?: M) => ({
  pattern,
  access,
  indexing,
  ...(more as M),
});
const listed = <P extends string, M extends Omit<RouteSpec, 'pattern' | 'access' | 'indexing'>>(pattern: P, more?: M) =>
  page(pattern, 'public', 'listed', more);
const open = <P extends string, M extends Omit<RouteSpec, 'pattern' | 'access' | 'indexing'>>(pattern: P, more?: M) => page(pattern, 'public', 'open', more);
const closed = <P extends string>(pattern: P) => page(pattern, 'public', 'closed');
const signedIn = <P extends string>(pattern: P) => page(pattern, 'signed-in', 'closed');
const admin = <P extends string, M extends Omit<RouteSpec, 'pattern' | 'access' | 'indexing'>>(pattern: P, more?: M) => page(pattern, 'admin', 'closed', more);

const pageNumber = { numeric: ['pageNumber'] } as const;
const legalVersion = (key: LegalPageKey) => ({ legal: key, numeric: ['version'], needsRecord: true }) as const;

/** The pages, in the sitemap's order (docs/screens.md). A param's name is the one its screen reads (`useParams`). */
export const ROUTES = {
  home: listed('/', { catalogue: true }),
  homePage: open('/page/:pageNumber', pageNumber),
  search: open('/search/:keyword'),
  searchPage: open('/search/:keyword/page/:pageNumber', pageNumber),
  hops: listed('/hops', { catalogue: true, category: 'Hops' }),
  yeast: listed('/yeast', { catalogue: true, category: 'Yeast' }),
  malt: listed('/malt', { catalogue: true, category: 'Malt' }),
  equipment: listed('/equipment', { catalogue: true, category: 'Equipment' }),
  discount: listed('/discount', { catalogue: true }),
  /** A category the owner added: its page exists while the category does and is shown. */
  category: open('/catalog/:slug', { needsRecord: true }),
  /** By its slug; its id works too (old links), answered with a permanent redirect to the slug. */
  product: listed('/product/:id', { needsRecord: true }),
  about: listed('/about'),
  contacts: listed('/contacts'),
  offer: listed('/oferta', { legal: 'offer' }),
  offerVersion: open('/oferta/v/:version', legalVersion('offer')),
  privacy: listed('/privacy', { legal: 'privacy' }),
  privacyVersion: open('/privacy/v/:version', legalVersion('privacy')),
  delivery: listed('/delivery', { legal: 'delivery' }),
  deliveryVersion: open('/delivery/v/:version', legalVersion('delivery')),
  returns: listed('/returns', { legal: 'returns' }),
  returnsVersion: open('/returns/v/:version', legalVersion('returns')),
  cart: closed('/cart'),
  /** "Зварити за рецептом": a BeerXML recipe becomes a cart (docs/recipes.md). */
  recipe: open('/recipe'),
  /** A saved recipe: unlisted, anyone with the link may open it. */
  savedRecipe: open('/recipe/:id', { needsRecord: true }),
  login: closed('/login'),
  register: closed('/register'),
  forgotPassword: closed('/forgot-password'),
  resetPassword: closed('/reset-password'),
  stockAlertsUnsubscribe: open('/stock-alerts/unsubscribe'),
  // Checkout is open to guests too (docs/delivery.md); their order opens by its link.
  shipping: closed('/shipping'),
  payment: closed('/payment'),
  placeOrder: closed('/placeorder'),
  /** A guest's order: the secret in the link opens it (docs/delivery.md). */
  guestOrder: closed('/order/guest/:token'),
  order: signedIn('/order/:id'),
  profile: signedIn('/profile'),
  /** The admin's landing page: the dashboard (docs/back-office.md). */
  adminDashboard: admin('/admin'),
  adminOrders: admin('/admin/orderlist'),
  adminProducts: admin('/admin/productlist'),
  adminProductsPage: admin('/admin/productlist/:pageNumber', pageNumber),
  adminProductEdit: admin('/admin/product/:id/edit'),
  adminUsers: admin('/admin/userlist'),
  adminUserEdit: admin('/admin/user/:id/edit'),
  adminCategories: admin('/admin/categories'),
  adminSettings: admin('/admin/settings'),
  adminLegal: admin('/admin/legal'),
  adminNotices: admin('/admin/notices'),
  adminImport: admin('/admin/import'),
  adminPackingSlip: admin('/admin/orders/:id/packing-slip'),
  adminPackingSlips: admin('/admin/orders/packing-slips'),
  adminPromoCodes: admin('/admin/promo-codes'),
  adminCustomers: admin('/admin/customers'),
  adminCustomer: admin('/admin/customers/:id'),
  adminAudit: admin('/admin/audit'),
} as const satisfies Record<string, RouteSpec>;

export type RouteName = keyof typeof ROUTES;
export const ROUTE_NAMES = Object.keys(ROUTES) as RouteName[];
/** The legal pages' routes: one screen shows them all. */
export type LegalRouteName = LegalPageKey | `${LegalPageKey}Version`;

type ParamNames<P extends string> = P extends `${string}:${infer Param}/${infer Rest}`
  ? Param | ParamNames<Rest>
  : P extends `${string}:${infer Param}`
    ? Param
    : never;
export type RouteParams<N extends RouteName> = Record<ParamNames<(typeof ROUTES)[N]['pattern']>, string | number>;

/** The address of a page: its pattern with each param filled in (encoded). */
export function pathTo<N extends RouteName>(name: N, ...[params]: [ParamNames<(typeof ROUTES)[N]['pattern']>] extends [never] ? [] : [RouteParams<N>]): string {
  const { pattern } = ROUTES[name];
  return params ? pattern.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String((params as Record<string, string | number>)[key]))) : pattern;
}

/** A legal page's address, or one version's (docs/seo.md). */
export const legalPagePath = (key: LegalPageKey, version?: number) => (version ? pathTo(`${key}Version`, { version }) : pathTo(key));

/** The address of a product page, the same for the web app, the sitemap, the feeds and the letters. */
export const productPath = (slugOrId: string) => pathTo('product', { id: slugOrId });

/** Where to go with this page as the way back: `/login?redirect=…`, none for the home page. */
const withRedirect = (path: string, redirect?: string) => (redirect && redirect !== '/' ? `${path}?redirect=${encodeURIComponent(redirect)}` : path);

/** The links of the shop by what they open: the web app's and the letters'. */
export const paths = {
  home: pathTo('home'),
  homePage: (page: number) => pathTo('homePage', { pageNumber: page }),
  search: (keyword: string) => pathTo('search', { keyword }),
  searchPage: (keyword: string, page: number) => pathTo('searchPage', { keyword, pageNumber: page }),
  /** A product's page by its slug; its id works too (old links), the page then shows the slug. */
  product: productPath,
  hops: pathTo('hops'),
  yeast: pathTo('yeast'),
  malt: pathTo('malt'),
  equipment: pathTo('equipment'),
  discount: pathTo('discount'),
  about: pathTo('about'),
  contacts: pathTo('contacts'),
  legal: legalPagePath,
  cart: pathTo('cart'),
  recipe: pathTo('recipe'),
  savedRecipe: (id: string) => pathTo('savedRecipe', { id }),
  login: (redirect?: string) => withRedirect(pathTo('login'), redirect),
  register: (redirect?: string) => withRedirect(pathTo('register'), redirect),
  forgotPassword: pathTo('forgotPassword'),
  /** The link of a password-reset letter (docs/accounts.md). */
  resetPassword: (token: string) => `${pathTo('resetPassword')}?${new URLSearchParams({ token })}`,
  /** The link of a stock alert's letter that ends the alerts of this address (docs/notifications.md). */
  stockAlertsUnsubscribe: (email: string, signature: string) => `${pathTo('stockAlertsUnsubscribe')}?${new URLSearchParams({ email, signature })}`,
  profile: pathTo('profile'),
  shipping: pathTo('shipping'),
  payment: pathTo('payment'),
  placeOrder: pathTo('placeOrder'),
  order: (id: string) => pathTo('order', { id }),
  guestOrder: (token: string) => pathTo('guestOrder', { token }),
  admin: {
    dashboard: pathTo('adminDashboard'),
    dashboardFor: (days: number) => `${pathTo('adminDashboard')}?days=${days}`,
    customers: pathTo('adminCustomers'),
    customer: (id: string) => pathTo('adminCustomer', { id }),
    audit: pathTo('adminAudit'),
    orders: pathTo('adminOrders'),
    products: pathTo('adminProducts'),
    productsPage: (page: number) => pathTo('adminProductsPage', { pageNumber: page }),
    productEdit: (id: string) => pathTo('adminProductEdit', { id }),
    users: pathTo('adminUsers'),
    userEdit: (id: string) => pathTo('adminUserEdit', { id }),
    settings: pathTo('adminSettings'),
    categories: pathTo('adminCategories'),
    legal: pathTo('adminLegal'),
    notices: pathTo('adminNotices'),
    import: pathTo('adminImport'),
    packingSlip: (id: string) => pathTo('adminPackingSlip', { id }),
    packingSlips: (ids: string[]) => `${pathTo('adminPackingSlips')}?ids=${ids.join(',')}`,
    promoCodes: pathTo('adminPromoCodes'),
  },
} as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const compile = (name: RouteName) => {
  const route: RouteSpec = ROUTES[name];
  const keys: string[] = [];
  const source = route.pattern
    .split(/(:\w+)/)
    .map((part) => {
      if (!part.startsWith(':')) return escapeRegExp(part);
      keys.push(part.slice(1));
      return route.numeric?.includes(part.slice(1)) ? '(\\d+)' : '([^/]+)';
    })
    .join('');
  return { name, route, keys, regExp: new RegExp(`^${source}$`) };
};
// Made on first use, so that the web app, which matches with React Router, builds none.
let matchers: ReturnType<typeof compile>[] | undefined;

export interface RouteMatch {
  name: RouteName;
  route: RouteSpec;
  /** The params as they stand in the path (not decoded). */
  params: Record<string, string>;
}

/** The page an address (a path, without its query) shows, or null when no page does. */
export function matchRoute(path: string): RouteMatch | null {
  matchers ??= ROUTE_NAMES.map(compile);
  for (const { name, route, keys, regExp } of matchers) {
    const found = regExp.exec(path);
    if (found) return { name, route, params: Object.fromEntries(keys.map((key, i) => [key, found[i + 1]])) };
  }
  return null;
}
