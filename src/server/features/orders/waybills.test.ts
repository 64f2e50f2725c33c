import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeEach, expect, test } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../shared/settings.js';
import { orders } from '../../db/schema.js';
import { describeWithApp } from '../../test/database.js';
import { useFakeNovaPoshta, type OrderLine, type OrderReply, type ShopDriver } from '../../test/driver.js';
import { createProduct } from '../../test/factories.js';
import { fakeRef, fakeSettlements } from '../../test/fakes/nova-poshta.js';
import { ALL_METHODS_ENV } from '../../test/payment-methods.js';
import { saveSettings } from '../settings/index.js';

const env: Record<string, string> = { ...ALL_METHODS_ENV };
const novaPoshta = useFakeNovaPoshta(env);

const SENDER = {
  counterpartyRef: fakeRef('sender:counterparty'),
  contactRef: fakeRef('sender:contact'),
  cityRef: fakeRef('sender:city'),
  warehouseRef: fakeRef('sender:warehouse'),
  contactName: 'Коваленко Олена',
  phone: '+380501112233',
};
const BILA_TSERKVA = fakeSettlements()[1];
const BRANCH = BILA_TSERKVA.warehouses[1];
const FROM_DIRECTORY = {
  address: 'Іван Франко',
  city: 'Біла Церква',
  phoneNumber: '+380671234567',
  country: BRANCH.Description,
  settlementRef: BILA_TSERKVA.Ref,
  warehouseRef: BRANCH.Ref,
};
const TYPED = { address: 'Леся Українка', city: 'Вінниця', phoneNumber: '0931112233', country: 'Відділення №1' };

async function useSettings(app: FastifyInstance, sender = SENDER) {
  await saveSettings(app.db, {
    ...DEFAULT_SETTINGS,
    transfer: { cardNumber: '5168000000000007', iban: '', recipient: 'ФОП Коваленко' },
    novaPoshtaSender: sender,
  });
}

function api(shop: ShopDriver) {
  const call = async (method: 'GET' | 'POST', url: string, cookie?: string) => {
    const res = await shop.app.inject({ method, url, headers: cookie ? { cookie } : {} });
    return { status: res.statusCode, body: res.json() as OrderReply };
  };
  return {
    place: (cookie: string, lines: OrderLine[], paymentMethod: string, shippingAddress: object) =>
      shop.placeOrder({ as: cookie, lines, paymentMethod, shippingAddress }),
    waybill: shop.makeWaybill,
    step: shop.orderStep,
    get: (id: string, cookie: string) => call('GET', `/api/orders/${id}`, cookie),
  };
}

/** A shopper's and an admin's session cookies. */
async function people(shop: ShopDriver) {
  return { shopper: (await shop.customer()).cookie, admin: (await shop.admin()).cookie };
}

/** Someone's cash-on-delivery order of one product to `shippingAddress`, with the admin's cookie to act on it. */
async function orderTo(shop: ShopDriver, shippingAddress: object) {
  const { shopper, admin } = await people(shop);
  const product = await createProduct(shop.app.db);
  const { body: order } = await api(shop).place(shopper, [{ product: product.id, qty: 1 }], 'NovaPoshta', shippingAddress);
  return { shopper, admin, order };
}

async function stored(app: FastifyInstance, id: string) {
  const [row] = await app.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

describeWithApp(
  'Nova Poshta waybills and tracking',
  (ctx) => {
    beforeEach(() => useSettings(ctx().app));

    test('"Створити ТТН" for cash on delivery: the waybill carries the total back, and the order ships under its number', async () => {
      const { app, shop } = ctx();
      const { place, waybill, get } = api(shop);
      const { shopper, admin } = await people(shop);
      const hops = await createProduct(app.db, { weight: 0.25, priceMinor: 300_00 });
      const kettle = await createProduct(app.db, { weight: 4.5, priceMinor: 2500_00 });
      const { body: order } = await place(
        shopper,
        [
          { product: hops.id, qty: 2 },
          { product: kettle.id, qty: 1 },
        ],
        'NovaPoshta',
        FROM_DIRECTORY,
      );
      expect(order.status).toBe('pending');
      const made = novaPoshta().waybills.length;

      const shipped = await waybill(order.id, admin);
      expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
      const sent = novaPoshta().waybills[made];
      expect(shipped.body).toMatchObject({ status: 'shipped', trackingNumber: sent.number, isPaid: false });
      expect(sent.number).toMatch(/^2045\d{10}$/);
      expect((await stored(app, order.id)).waybillRef).toBe(sent.ref);

      const total = String(Math.round(order.totalPrice));
      expect(sent.properties).toMatchObject({
        PayerType: 'Recipient',
        PaymentMethod: 'Cash',
        CargoType: 'Parcel',
        ServiceType: 'WarehouseWarehouse',
        SeatsAmount: '1',
        Weight: '5',
        Cost: total,
        CitySender: SENDER.cityRef,
        Sender: SENDER.counterpartyRef,
        SenderAddress: SENDER.warehouseRef,
        ContactSender: SENDER.contactRef,
        SendersPhone: '380501112233',
        RecipientsPhone: '380671234567',
        CityRecipient: BILA_TSERKVA.DeliveryCity,
        RecipientAddress: BRANCH.Ref,
        OptionsSeat: [{ volumetricWidth: '30', volumetricLength: '40', volumetricHeight: '20', volumetricVolume: '0.024', weight: '5' }],
        BackwardDeliveryData: [{ PayerType: 'Recipient', CargoType: 'Money', RedeliveryString: total }],
      });
      expect(sent.properties.DateTime).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
      // The recipient is first saved as a private person; the waybill names its refs.
      const recipient = novaPoshta().counterparties.find((c) => c.ref === sent.properties.Recipient)!;
      expect(recipient.properties).toMatchObject({
        FirstName: 'Іван',
        LastName: 'Франко',
        Phone: '380671234567',
        CounterpartyType: 'PrivatePerson',
        CounterpartyProperty: 'Recipient',
      });
      expect(sent.properties.ContactRecipient).toBe(recipient.contactRef);
      expect(sent.properties).not.toHaveProperty('NewAddress');

      // Shipped once: a second click makes no second waybill.
      const again = await waybill(order.id, admin);
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('ORDER_ALREADY_SHIPPED');
      expect(novaPoshta().waybills.length).toBe(made + 1);

      // The shopper sees the status Nova Poshta gives.
      const seen = await get(order.id, shopper);
      expect(seen.body.trackingNumber).toBe(sent.number);
      expect(seen.body.tracking?.status).toBe(novaPoshta().tracking.get(sent.number)?.Status);
    });

    test('a paid order with a branch typed by hand: the waybill names the city and branch in words and collects nothing', async () => {
      const { app, shop } = ctx();
      const { place, waybill, step } = api(shop);
      const { shopper, admin } = await people(shop);
      const yeast = await createProduct(app.db, { weight: 0.012 });
      const { body: order } = await place(shopper, [{ product: yeast.id, qty: 1 }], 'PrivatBank', TYPED);
      expect((await step(order.id, 'mark-paid', admin)).body.status).toBe('paid');

      const shipped = await waybill(order.id, admin);
      expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
      const sent = novaPoshta().waybills.at(-1)!;
      expect(shipped.body.trackingNumber).toBe(sent.number);
      expect(sent.properties).toMatchObject({
        NewAddress: '1',
        RecipientName: 'Леся Українка',
        RecipientType: 'PrivatePerson',
        RecipientCityName: 'Вінниця',
        RecipientAddressName: 'Відділення №1',
        RecipientsPhone: '380931112233',
        Weight: '0.1',
      });
      expect(sent.properties).not.toHaveProperty('BackwardDeliveryData');
      expect(sent.properties).not.toHaveProperty('RecipientAddress');
    });

    test('Nova Poshta refusing or silent: 502/504 with a Ukrainian message, and the order is unchanged', async () => {
      const { app, shop } = ctx();
      const { waybill } = api(shop);
      const { admin, order } = await orderTo(shop, FROM_DIRECTORY);
      const before = await stored(app, order.id);
      const made = novaPoshta().waybills.length;

      for (const mode of ['refuse', 'garbage', 'http-error'] as const) {
        novaPoshta().mode = mode;
        const refused = await waybill(order.id, admin);
        expect(refused.status, mode).toBe(502);
        expect(refused.body).toMatchObject({ code: 'NOVA_POSHTA_UNAVAILABLE', message: expect.stringContaining('Нова пошта') });
      }
      novaPoshta().mode = 'slow';
      novaPoshta().slowMs = 5_000;
      const late = await waybill(order.id, admin);
      expect(late.status).toBe(504);
      expect(late.body.code).toBe('NOVA_POSHTA_TIMEOUT');

      expect(await stored(app, order.id)).toEqual(before);
      expect(novaPoshta().waybills.length).toBe(made);
    }, 15_000);

    test("two admins making the waybill at once: one ships the order, the other's waybill is deleted at Nova Poshta", async () => {
      const { app, shop } = ctx();
      const { place, waybill } = api(shop);
      const { shopper, admin } = await people(shop);
      const hops = await createProduct(app.db, { weight: 0.25, priceMinor: 300_00 });
      const { body: order } = await place(shopper, [{ product: hops.id, qty: 1 }], 'NovaPoshta', FROM_DIRECTORY);
      const before = novaPoshta().waybills.length;
      const deletes = () => novaPoshta().calls.filter((c) => c.method === 'InternetDocument.delete').length;
      const deletedBefore = deletes();
      // Nova Poshta answering slowly: both requests pass the order's check before either ships it.
      novaPoshta().mode = 'slow';
      novaPoshta().slowMs = 300;
      const answers = await Promise.all([waybill(order.id, admin), waybill(order.id, admin)]);
      novaPoshta().mode = 'ok';
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const kept = (await stored(app, order.id)).waybillRef;
      // Both were made; the loser's is gone again, the winner's is the order's.
      expect(deletes() - deletedBefore).toBe(1);
      expect(
        novaPoshta()
          .waybills.slice(before)
          .map((w) => w.ref),
      ).toEqual([kept]);
    });

    test('the fake refuses what Nova Poshta refuses: a waybill without a documented field, in the real error envelope', async () => {
      const ask = async (calledMethod: string, methodProperties: object) => {
        const res = await fetch(novaPoshta().url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            apiKey: novaPoshta().apiKey,
            modelName: calledMethod.split('.')[0],
            calledMethod: calledMethod.split('.')[1],
            methodProperties,
          }),
        });
        return (await res.json()) as { success: boolean; errors: string[]; errorCodes: string[]; data: unknown[] };
      };
      const noSeat = await ask('InternetDocument.save', { PayerType: 'Recipient', Weight: '1' });
      expect(noSeat).toMatchObject({ success: false, data: [] });
      expect(noSeat.errors).toEqual(expect.arrayContaining(['ContactRecipient is empty', 'OptionsSeat is empty', 'Description is empty']));
      expect(noSeat.errorCodes.length).toBe(noSeat.errors.length);
      const noName = await ask('Counterparty.save', { CounterpartyType: 'PrivatePerson', CounterpartyProperty: 'Recipient', Phone: '380671234567' });
      expect(noName).toMatchObject({ success: false, errors: ['FirstName is empty', 'LastName is empty'] });
    });

    test('a recipient named by one word is refused before Nova Poshta is asked', async () => {
      const { app, shop } = ctx();
      const { waybill } = api(shop);
      const { admin, order } = await orderTo(shop, { ...FROM_DIRECTORY, address: 'Іван' });
      const calls = novaPoshta().calls.length;
      const refused = await waybill(order.id, admin);
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('RECIPIENT_NAME_INCOMPLETE');
      expect(novaPoshta().calls.length).toBe(calls);
      expect((await stored(app, order.id)).status).toBe('pending');
    });

    test('only an admin makes waybills; a missing sender is a clear 409', async () => {
      const { app, shop } = ctx();
      const { waybill } = api(shop);
      const { shopper, admin, order } = await orderTo(shop, FROM_DIRECTORY);
      const calls = novaPoshta().calls.length;

      expect((await waybill(order.id)).status).toBe(401);
      expect((await waybill(order.id, shopper)).status).toBe(403);
      expect((await waybill('00000000-0000-4000-8000-000000000000', admin)).status).toBe(404);
      expect((await waybill('not-a-uuid', admin)).status).toBe(400);

      await useSettings(app, { ...SENDER, warehouseRef: '' });
      const unset = await waybill(order.id, admin);
      expect(unset.status).toBe(409);
      expect(unset.body.code).toBe('NOVA_POSHTA_SENDER_MISSING');

      expect(novaPoshta().calls.length).toBe(calls);
      expect((await stored(app, order.id)).status).toBe('pending');
    });

    test('tracking is cached for a few minutes, and a failing Nova Poshta shows the number without a status', async () => {
      const { app, shop } = ctx();
      const { place, step, get } = api(shop);
      const { shopper, admin } = await people(shop);
      const product = await createProduct(app.db);
      const { body: order } = await place(shopper, [{ product: product.id, qty: 1 }], 'NovaPoshta', FROM_DIRECTORY);
      const ttn = '20450000009999';
      await step(order.id, 'ship', admin, { trackingNumber: ttn });

      novaPoshta().mode = 'refuse';
      const failed = await get(order.id, shopper);
      expect(failed.status).toBe(200);
      expect(failed.body).toMatchObject({ trackingNumber: ttn, tracking: null });

      novaPoshta().mode = 'slow';
      const started = Date.now();
      const slow = await get(order.id, admin);
      expect(slow.status).toBe(200);
      expect(slow.body.tracking).toBeNull();
      expect(Date.now() - started).toBeLessThan(4_000);

      novaPoshta().mode = 'ok';
      novaPoshta().tracking.set(ttn, { Status: 'Прибув у відділення', StatusCode: '7' });
      const asked = novaPoshta().calls.length;
      const first = await get(order.id, shopper);
      expect(first.body.tracking).toMatchObject({ status: 'Прибув у відділення' });
      expect(first.body.tracking?.updatedAt).toBeTruthy();
      const call = novaPoshta().calls.at(-1)!;
      expect(call).toMatchObject({
        method: 'TrackingDocument.getStatusDocuments',
        properties: { Documents: [{ DocumentNumber: ttn, Phone: '380671234567' }] },
      });

      novaPoshta().tracking.set(ttn, { Status: 'Отримано', StatusCode: '9' });
      expect((await get(order.id, shopper)).body.tracking?.status).toBe('Прибув у відділення');
      expect(novaPoshta().calls.length).toBe(asked + 1);

      // A few minutes later Nova Poshta is asked again.
      await app.db
        .update(orders)
        .set({ trackingCheckedAt: new Date(Date.now() - 10 * 60_000) })
        .where(eq(orders.id, order.id));
      expect((await get(order.id, shopper)).body.tracking?.status).toBe('Отримано');

      // Lists never call Nova Poshta.
      const calls = novaPoshta().calls.length;
      await app.inject({ method: 'GET', url: '/api/orders', headers: { cookie: admin } });
      await app.inject({ method: 'GET', url: '/api/orders/mine', headers: { cookie: shopper } });
      expect(novaPoshta().calls.length).toBe(calls);
    }, 15_000);
  },
  { env },
);

describeWithApp(
  'Nova Poshta waybills without a key',
  (ctx) => {
    test('the demo shop asks for the key instead of inventing numbers', async () => {
      const { app, shop } = ctx();
      await useSettings(app);
      const { waybill } = api(shop);
      const { admin, order } = await orderTo(shop, TYPED);
      const refused = await waybill(order.id, admin);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'NOVA_POSHTA_KEY_MISSING', message: expect.stringContaining('налаштуйте ключ') });
      expect((await stored(app, order.id)).trackingNumber).toBeNull();
    });
  },
  { env: ALL_METHODS_ENV },
);
