import { legalPagePath } from '../shared/legal-paths';

/** Every URL of the shop in one place (docs/screens.md). */
export const paths = {
  home: '/',
  homePage: (page: number) => `/page/${page}`,
  search: (keyword: string) => `/search/${encodeURIComponent(keyword)}`,
  searchPage: (keyword: string, page: number) => `/search/${encodeURIComponent(keyword)}/page/${page}`,
  /** A product's page by its slug; its id works too (old links), the page then shows the slug. */
  product: (slugOrId: string) => `/product/${slugOrId}`,
  hops: '/hops',
  yeast: '/yeast',
  malt: '/malt',
  equipment: '/equipment',
  discount: '/discount',
  about: '/about',
  contacts: '/contacts',
  /** The legal pages (docs/domain.md) and their versions: one home for their addresses, src/shared/legal.ts. */
  legal: legalPagePath,
  cart: '/cart',
  /** "Зварити за рецептом": a BeerXML recipe becomes a cart (docs/recipes.md). */
  recipe: '/recipe',
  /** A saved recipe: unlisted, anyone with the link may open it. */
  savedRecipe: (id: string) => `/recipe/${id}`,
  login: (redirect?: string) => (redirect && redirect !== '/' ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login'),
  register: (redirect?: string) => (redirect && redirect !== '/' ? `/register?redirect=${encodeURIComponent(redirect)}` : '/register'),
  forgotPassword: '/forgot-password',
  profile: '/profile',
  shipping: '/shipping',
  payment: '/payment',
  placeOrder: '/placeorder',
  order: (id: string) => `/order/${id}`,
  /** A guest's order: the secret in the link opens it (docs/delivery.md). */
  guestOrder: (token: string) => `/order/guest/${token}`,
  admin: {
    /** The admin's landing page: the dashboard (docs/back-office.md). */
    dashboard: '/admin',
    dashboardFor: (days: number) => `/admin?days=${days}`,
    customers: '/admin/customers',
    customer: (id: string) => `/admin/customers/${encodeURIComponent(id)}`,
    audit: '/admin/audit',
    orders: '/admin/orderlist',
    products: '/admin/productlist',
    productsPage: (page: number) => `/admin/productlist/${page}`,
    productEdit: (id: string) => `/admin/product/${id}/edit`,
    users: '/admin/userlist',
    userEdit: (id: string) => `/admin/user/${id}/edit`,
    settings: '/admin/settings',
    categories: '/admin/categories',
    legal: '/admin/legal',
    notices: '/admin/notices',
    import: '/admin/import',
    packingSlip: (id: string) => `/admin/orders/${id}/packing-slip`,
    packingSlips: (ids: string[]) => `/admin/orders/packing-slips?ids=${ids.join(',')}`,
    promoCodes: '/admin/promo-codes',
  },
} as const;
