import type { Order } from '../../shared/orders';
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

/** A guest's unpaid order (paid by card through LiqPay, one pack of hops, to a Nova Poshta branch) as the API returns it; override what the test is about. */
export function guestOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: '00000000-0000-4000-8000-000000000042',
    number: 1042,
    status: 'pending',
    user: null,
    shipping: {
      recipientName: 'Леся Українка',
      city: 'Львів',
      postalCode: '',
      branch: 'Відділення №3',
      phoneNumber: '+380501112233',
      settlementRef: null,
      branchRef: null,
      delivery: 'branch',
      street: null,
      house: null,
      flat: null,
    },
    shippingEstimate: null,
    comment: '',
    guestEmail: 'guest@example.com',
    guest: true,
    paymentMethodId: 'liqpay',
    orderItems: [
      {
        id: 'i1',
        name: 'Хміль Saaz',
        qty: 1,
        image: '/images/products/hop-saaz-czech.svg',
        price: 1305,
        product: null,
        variant: null,
        sku: null,
        label: null,
        weight: null,
        options: {},
        promoDiscount: 0,
      },
    ],
    currency: 'UAH',
    itemsPrice: 1305,
    shippingPrice: 0,
    shippingByCarrier: true,
    taxPrice: 0,
    promoCode: null,
    discountPrice: 0,
    totalPrice: 1305,
    isPaid: false,
    paidAt: null,
    paymentResult: null,
    isDelivered: false,
    deliveredAt: null,
    shippedAt: null,
    cancelledAt: null,
    confirmedAt: null,
    trackingNumber: null,
    tracking: null,
    offerVersion: 3,
    refunds: [],
    returnedAt: null,
    parcelRefused: null,
    paymentAttention: null,
    paymentPending: null,
    refund: null,
    locale: 'uk',
    createdAt: '2026-05-01T10:00:00.000Z',
    receipts: [],
    ...overrides,
  };
}
