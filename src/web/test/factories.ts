import type { Product } from '../../shared/products';
import type { UserInfo } from '../../shared/users';

/** A catalogue product as the API returns it, with one pack of its price and stock unless given others; override what the test is about. */
export function product(overrides: Partial<Product> = {}): Product {
  const base: Omit<Product, 'variants'> = {
    id: '00000000-0000-4000-8000-000000000001',
    slug: 'hop-saaz',
    name: 'Хміль Saaz',
    image: '/images/products/hop-saaz-czech.svg',
    images: [{ url: '/images/products/hop-saaz-czech.svg', alt: 'Хміль Saaz', altEn: '', widths: [] }],
    description: 'Благородний чеський хміль',
    price: 120,
    discount: 0,
    category: 'Hops',
    brand: null,
    producer: 'Czech Republic',
    weight: 0.1,
    countInStock: 5,
    fermentationTemperature: null,
    fermentationType: null,
    cropYear: 2024,
    alphaAcid: 3.5,
    attributes: { alpha: 3.5, cropYear: 2024 },
    rating: 0,
    numReviews: 0,
    user: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    status: 'published',
    ...overrides,
  };
  return {
    ...base,
    variants: overrides.variants ?? [
      {
        id: `${base.id.slice(0, -4)}9999`,
        sku: base.slug.toUpperCase(),
        label: '100 г',
        price: base.price,
        discount: base.discount,
        countInStock: base.countInStock,
        weight: base.weight,
        gtin: null,
        position: 0,
      },
    ],
  };
}

export function user(overrides: Partial<UserInfo> = {}): UserInfo {
  return { id: 'u1', name: 'Оля', email: 'olia@example.com', isAdmin: false, phone: null, ...overrides };
}
