import { expect, test } from 'vitest';
import { describeWithApp } from '../../test/database.js';
import { createProduct } from '../../test/factories.js';
import { ALL_METHODS_ENV, useShopSettings } from '../../test/payment-methods.js';

/**
 * Old clients keep working (docs/decisions/032-true-names-at-the-edge.md): an order posted in the
 * API's original shape is placed, and the order, product and user JSON still carry the original
 * fields beside the true ones.
 */
describeWithApp(
  'the API speaks the original names at the edge',
  (ctx) => {
    useShopSettings(ctx);

    test('an order posted in the original shape and one in the true shape are the same order, and both answer with both names', async () => {
      const { app, shop } = ctx();
      const hops = await createProduct(app.db, { name: 'Хміль Saaz', countInStock: 9 });
      const { cookie } = await shop.customer({ name: 'Іван Франко' });
      const post = (payload: object) => app.inject({ method: 'POST', url: '/api/orders', headers: { cookie }, payload });

      const original = await post({
        orderItems: [{ product: hops.id, qty: 1 }],
        shippingAddress: { address: 'Іван Франко', city: 'Київ', phoneNumber: '+380671234567', country: 'Відділення №1', postalCode: '03115' },
        paymentMethod: 'PrivatBank',
      });
      expect(original.statusCode, original.body).toBe(201);
      const placed = original.json();
      expect(placed).toMatchObject({
        _id: expect.any(String),
        shippingAddress: {
          address: 'Іван Франко',
          city: 'Київ',
          postalCode: '03115',
          country: 'Відділення №1',
          phoneNumber: '+380671234567',
          warehouseRef: null,
        },
        paymentMethod: 'PrivatBank',
        isPaid: false,
        paidAt: null,
        isDelivered: false,
        deliveredAt: null,
        shipping: { recipientName: 'Іван Франко', branch: 'Відділення №1', branchRef: null, phoneNumber: '+380671234567' },
        paymentMethodId: 'card_transfer',
      });

      const truthful = await post({
        orderItems: [{ product: hops.id, qty: 1 }],
        shipping: { recipientName: 'Іван Франко', city: 'Київ', phoneNumber: '+380671234567', branch: 'Відділення №1', postalCode: '03115' },
        paymentMethodId: 'card_transfer',
      });
      expect(truthful.statusCode, truthful.body).toBe(201);
      const { _id, id, number, createdAt, orderItems, ...same } = truthful.json();
      const { _id: _a, id: _e, number: _b, createdAt: _c, orderItems: _d, ...expected } = placed;
      expect(id).toBe(_id);
      expect([_id, number, createdAt, orderItems.length]).toEqual([expect.any(String), placed.number + 1, expect.any(String), 1]);
      expect(same).toEqual(expected);

      // Each original method name is still taken.
      for (const [name, id] of [
        ['NovaPoshta', 'cash_on_delivery'],
        ['PayPal', 'paypal'],
        ['Card', 'paypal_card'],
        ['LiqPay', 'liqpay'],
        ['Monobank', 'monobank'],
      ]) {
        const res = await post({
          orderItems: [{ product: hops.id, qty: 1 }],
          shippingAddress: { address: 'Іван', city: 'Київ', phoneNumber: '+380671234567', country: 'Відділення №1' },
          paymentMethod: name,
        });
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json()).toMatchObject({ paymentMethod: name, paymentMethodId: id });
      }
    });

    test('the product and user JSON keep their original fields', async () => {
      const { app, shop } = ctx();
      const hops = await createProduct(app.db, { name: 'Хміль Citra', countInStock: 4 });
      const product = (await app.inject({ url: `/api/products/${hops.id}` })).json();
      expect(product).toMatchObject({
        _id: hops.id,
        name: 'Хміль Citra',
        countInStock: 4,
        price: expect.any(Number),
        origin: 'USA',
        producer: 'USA',
        alfa: 6.5,
        alphaAcid: 6.5,
        cropYear: 2025,
        ferment_temp: null,
        ferment_type: null,
      });
      expect(product.variants[0]).toMatchObject({ _id: product.variants[0].id, sku: expect.any(String) });
      const listed = (await app.inject({ url: '/api/products?keyword=citra' })).json();
      expect(listed.products[0]).toMatchObject({ _id: hops.id, origin: 'USA', alfa: 6.5 });

      const reviewed = await shop.review(hops.id, { rating: 5, comment: 'Смачно' }, await shop.customer({ name: 'Марко Вовчок' }));
      expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(201);
      const { review } = reviewed.body;
      expect(review).toMatchObject({ _id: review.id, name: 'Марко Вовчок', rating: 5, comment: 'Смачно' });
      app.catalogCache.invalidate();
      const detail = (await app.inject({ url: `/api/products/${hops.id}` })).json();
      expect(detail.reviews).toEqual([expect.objectContaining({ _id: review.id, id: review.id })]);
      const { user: admin, cookie } = await shop.admin({ name: 'Леся Українка' });
      const profile = (await app.inject({ url: '/api/users/profile', headers: { cookie } })).json();
      expect(profile).toMatchObject({ _id: admin.id, name: 'Леся Українка', email: admin.email, isAdmin: true });
    });

    test("an admin's product edit posted with the original names is taken as the true one", async () => {
      const { app, shop } = ctx();
      const yeast = await createProduct(app.db, { name: 'Дріжджі W-34/70', category: 'Yeast', producer: 'Fermentis', attributes: {} });
      const headers = { cookie: (await shop.admin()).cookie };
      const edit = { name: 'Дріжджі W-34/70', image: yeast.image, description: 'Низового бродіння', category: 'Yeast' };
      const original = await app.inject({
        method: 'PUT',
        url: `/api/products/${yeast.id}`,
        headers,
        payload: { ...edit, origin: 'Lallemand', ferment_temp: '12–15 °C', ferment_type: 'bottom' },
      });
      expect(original.statusCode, original.body).toBe(200);
      expect(original.json()).toMatchObject({
        producer: 'Lallemand',
        origin: 'Lallemand',
        fermentationTemperature: '12–15 °C',
        ferment_temp: '12–15 °C',
        fermentationType: 'bottom',
        ferment_type: 'bottom',
        attributes: { fermentation: 'bottom', temperature: '12–15 °C' },
      });
      // A field given both ways keeps the true one; a refused one is named by its true name.
      const both = await app.inject({
        method: 'PUT',
        url: `/api/products/${yeast.id}`,
        headers,
        payload: { ...edit, origin: 'Fermentis', producer: 'Lallemand' },
      });
      expect(both.json()).toMatchObject({ producer: 'Lallemand', origin: 'Lallemand' });
      const refused = await app.inject({ method: 'PUT', url: `/api/products/${yeast.id}`, headers, payload: { ...edit, origin: 'USA' } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual([expect.objectContaining({ path: 'producer' })]);
    });
  },
  { env: ALL_METHODS_ENV },
);
