import type { FastifyInstance } from 'fastify';
import { expect, test } from 'vitest';
import { DEFAULT_SETTINGS, type ShopSettingsInput } from '../../../shared/settings.js';
import { describeWithApp, type TestContext } from '../../test/database.js';
import { createProduct } from '../../test/factories.js';

const SETTINGS: ShopSettingsInput = {
  shop: {
    name: 'Хмільна крамниця',
    phone: '+380 67 123 45 67',
    email: 'shop@example.com',
    address: 'Київ, вул. Пивоварна, 1',
    legalName: 'ФОП Коваленко Ірина Петрівна',
    taxId: '3012345670',
  },
  transfer: { cardNumber: '5168 7451 0000 0006', iban: 'UA52 3052 9900 0002 6007 0000 0000 0', recipient: 'Коваленко Ірина Петрівна' },
  pricing: { taxRatePercent: 0, shippingFee: null, freeShippingFrom: 2000 },
  novaPoshtaSender: {
    counterpartyRef: '6e9acced-d072-11e3-95eb-0050568046cd',
    contactRef: '7f0f351d-2519-11df-be9a-000c291af1b3',
    cityRef: '8d5a980d-391c-11dd-90d9-001a92567626',
    warehouseRef: '1ec09d88-e1c2-11e3-8c4a-0050568002cf',
    contactName: 'Коваленко Ірина',
    phone: '+380 67 123 45 67',
  },
};

const put = (app: FastifyInstance, cookie: string | undefined, payload: unknown) =>
  app.inject({ method: 'PUT', url: '/api/settings', headers: cookie ? { cookie } : {}, payload: payload as object });

/** A signed-in shopper's order of `qty` units of a fresh product at `priceMinor`, whatever the answer. */
async function order({ app, shop }: TestContext, priceMinor: number, qty: number, paymentMethod?: string) {
  const product = await createProduct(app.db, { priceMinor });
  return shop.placeOrder({ lines: [{ product: product.id, qty }], paymentMethod });
}

describeWithApp('shop settings', (ctx) => {
  test('a new shop answers the defaults; visitors never see the waybill sender', async () => {
    const { app } = ctx();
    const res = await app.inject({ url: '/api/settings' });
    expect(res.statusCode).toBe(200);
    const { novaPoshtaSender: _sender, ...visible } = DEFAULT_SETTINGS;
    expect(res.json()).toEqual(visible);
  });

  test('only an admin reads everything and saves; values are normalised and read back', async () => {
    const { app, shop } = ctx();
    expect((await put(app, undefined, SETTINGS)).statusCode).toBe(401);
    const { cookie: shopper } = await shop.customer();
    expect((await put(app, shopper, SETTINGS)).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/settings/admin', headers: { cookie: shopper } })).statusCode).toBe(403);

    const { cookie } = await shop.admin();
    const saved = await put(app, cookie, SETTINGS);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().transfer).toEqual({ cardNumber: '5168745100000006', iban: 'UA523052990000026007000000000', recipient: 'Коваленко Ірина Петрівна' });
    expect(saved.json().novaPoshtaSender.phone).toBe('+380671234567');
    const full = await app.inject({ url: '/api/settings/admin', headers: { cookie } });
    expect(full.json()).toEqual(saved.json());
    const visible = (await app.inject({ url: '/api/settings' })).json();
    expect(visible.shop.legalName).toBe('ФОП Коваленко Ірина Петрівна');
    expect(visible).not.toHaveProperty('novaPoshtaSender');
    // Transfer details make the PrivatBank method available.
    expect((await app.inject({ url: '/api/config/payments' })).json().methods).toContain('card_transfer');
  });

  test('bad values are a 400 naming the field, and change nothing', async () => {
    const { app, shop } = ctx();
    const { cookie } = await shop.admin();
    expect((await put(app, cookie, SETTINGS)).statusCode).toBe(200);
    const bad: [string, unknown][] = [
      ['taxId', { ...SETTINGS, shop: { ...SETTINGS.shop, taxId: '12345' } }],
      ['cardNumber', { ...SETTINGS, transfer: { ...SETTINGS.transfer, cardNumber: '1234' } }],
      ['iban', { ...SETTINGS, transfer: { ...SETTINGS.transfer, iban: 'DE89370400440532013000' } }],
      // The right shape with a wrong check digit (docs/settings.md).
      ['transfer.iban', { ...SETTINGS, transfer: { ...SETTINGS.transfer, iban: 'UA21 3052 9900 0002 6007 0000 0000 0' } }],
      ['transfer.cardNumber', { ...SETTINGS, transfer: { ...SETTINGS.transfer, cardNumber: '5168 7451 0000 0000' } }],
      ['shop.taxId', { ...SETTINGS, shop: { ...SETTINGS.shop, taxId: '3012345678' } }],
      ['shop.taxId', { ...SETTINGS, shop: { ...SETTINGS.shop, taxId: '14360571' } }],
      ['taxRatePercent', { ...SETTINGS, pricing: { ...SETTINGS.pricing, taxRatePercent: -1 } }],
      ['shippingFee', { ...SETTINGS, pricing: { ...SETTINGS.pricing, shippingFee: '10' } }],
      ['freeShippingFrom', { ...SETTINGS, pricing: { ...SETTINGS.pricing, freeShippingFrom: 10.005 } }],
      ['email', { ...SETTINGS, shop: { ...SETTINGS.shop, email: 'not-an-email' } }],
      ['warehouseRef', { ...SETTINGS, novaPoshtaSender: { ...SETTINGS.novaPoshtaSender, warehouseRef: "'; DROP TABLE orders; --" } }],
      ['pricing', { ...SETTINGS, pricing: undefined }],
    ];
    for (const [field, payload] of bad) {
      const res = await put(app, cookie, payload);
      expect(res.statusCode, field).toBe(400);
      expect(JSON.stringify(res.json()), field).toContain(field);
    }
    const malformed = await app.inject({ method: 'PUT', url: '/api/settings', headers: { cookie, 'content-type': 'application/json' }, payload: '{"shop":' });
    expect(malformed.statusCode).toBe(400);
    const now = (await app.inject({ url: '/api/settings/admin', headers: { cookie } })).json();
    expect(now.shop.taxId).toBe('3012345670');
    expect(now.pricing).toEqual(SETTINGS.pricing);
  });

  test('orders are priced by the settings: defaults, then the seed’s 15 % tax and 10 грн delivery', async () => {
    const { app, shop } = ctx();
    const { cookie } = await shop.admin();
    expect((await put(app, cookie, SETTINGS)).statusCode).toBe(200);
    // Two Cascade packs at 1 305 грн: prices are final and delivery is free from 2 000 грн.
    expect((await order(ctx(), 1305_00, 2)).body).toMatchObject({
      currency: 'UAH',
      itemsPrice: 2610,
      shippingPrice: 0,
      shippingByCarrier: false,
      taxPrice: 0,
      totalPrice: 2610,
    });
    // Below the threshold the shopper pays Nova Poshta on pickup: not in the total.
    expect((await order(ctx(), 500_00, 1)).body).toMatchObject({ shippingPrice: 0, shippingByCarrier: true, totalPrice: 500 });

    const seed = { taxRatePercent: 15, shippingFee: 10, freeShippingFrom: 100.01 };
    expect((await put(app, cookie, { ...SETTINGS, pricing: seed })).statusCode).toBe(200);
    expect((await order(ctx(), 1305_00, 2)).body).toMatchObject({ itemsPrice: 2610, shippingPrice: 0, taxPrice: 391.5, totalPrice: 3001.5 });
    expect((await order(ctx(), 40_00, 2)).body).toMatchObject({ itemsPrice: 80, shippingPrice: 10, shippingByCarrier: false, taxPrice: 12, totalPrice: 102 });
  });

  test('a method the shop cannot take is refused when ordering', async () => {
    const { app, shop } = ctx();
    const { cookie } = await shop.admin();
    expect((await put(app, cookie, { ...SETTINGS, transfer: { cardNumber: '', iban: '', recipient: '' } })).statusCode).toBe(200);
    const refused = await order(ctx(), 100_00, 1, 'PrivatBank');
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('PAYMENT_METHOD_UNAVAILABLE');
    expect((await put(app, cookie, SETTINGS)).statusCode).toBe(200);
    expect((await order(ctx(), 100_00, 1, 'PrivatBank')).status).toBe(201);
  });
});
