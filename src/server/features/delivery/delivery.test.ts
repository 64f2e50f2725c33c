import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import type { BranchList } from '../../../shared/orders.js';
import { describeWithApp } from '../../test/database.js';
import { startFakeNovaPoshta, type FakeNovaPoshta } from '../../test/fakes/nova-poshta.js';

let novaPoshta: FakeNovaPoshta;
const env: Record<string, string> = {};

beforeAll(async () => {
  novaPoshta = await startFakeNovaPoshta();
  Object.assign(env, { NOVA_POSHTA_API_URL: novaPoshta.url, NOVA_POSHTA_API_KEY: novaPoshta.apiKey });
});
afterAll(() => novaPoshta?.close());
afterEach(() => {
  novaPoshta.mode = 'ok';
  expect(novaPoshta.unhandled, 'requests the fake Nova Poshta does not know').toEqual([]);
});

describeWithApp(
  'Nova Poshta branches',
  (ctx) => {
    const branches = async (city?: string) => {
      const res = await ctx().app.inject({ url: `/api/delivery/branches${city === undefined ? '' : `?city=${encodeURIComponent(city)}`}` });
      return { status: res.statusCode, body: res.json() as BranchList & { message?: string; code?: string }, raw: res.body };
    };

    test('asks Nova Poshta with the server’s key and returns the branches, never the key', async () => {
      const calls = novaPoshta.calls.length;
      const { status, body, raw } = await branches('Київ');
      expect(status).toBe(200);
      expect(body.demo).toBe(false);
      expect(body.branches.map((b) => b.description)).toEqual([
        'Відділення №1: вул. Пирогівський шлях, 135',
        'Відділення №7 (до 30 кг): вул. Хрещатик, 22',
        'Відділення №31 (до 30 кг): просп. Берестейський, 84',
      ]);
      expect(body.branches[1]).toEqual({ ref: expect.any(String), number: '7', description: expect.any(String) });
      expect(Object.keys(body.branches[0]).sort()).toEqual(['description', 'number', 'ref']);
      expect(novaPoshta.calls.slice(calls)).toEqual([{ apiKey: novaPoshta.apiKey, CityName: 'Київ' }]);
      expect(raw).not.toContain(novaPoshta.apiKey);
    });

    test('a city without branches, an unknown city and no city at all ("@") give an empty list', async () => {
      expect((await branches('Буча')).body).toEqual({ branches: [], demo: false });
      expect((await branches('Неіснуюче місто')).body.branches).toEqual([]);
      const calls = novaPoshta.calls.length;
      expect((await branches('')).body.branches).toEqual([]);
      expect((await branches()).status).toBe(200);
      expect(novaPoshta.calls.slice(calls).map((c) => c.CityName)).toContain('@');
    });

    test('answers are cached per city: the same city again (any case, spaces) does not call Nova Poshta', async () => {
      await branches('Житомир');
      const calls = novaPoshta.calls.length;
      for (const city of ['Житомир', '  житомир ', 'ЖИТОМИР']) {
        const { status, body } = await branches(city);
        expect(status).toBe(200);
        expect(body.branches).toHaveLength(1);
      }
      expect(novaPoshta.calls.length).toBe(calls);
    });

    test('Nova Poshta refusing, failing or talking nonsense is a 502 with a Ukrainian message; failures are not cached', async () => {
      for (const mode of ['refuse', 'http-error', 'garbage'] as const) {
        novaPoshta.mode = mode;
        const { status, body } = await branches('Вінниця');
        expect(status, mode).toBe(502);
        expect(body.code, mode).toBe('NOVA_POSHTA_UNAVAILABLE');
        expect(body.message, mode).toMatch(/Нової пошти/);
      }
      novaPoshta.mode = 'ok';
      const calls = novaPoshta.calls.length;
      expect((await branches('Вінниця')).status).toBe(200);
      expect(novaPoshta.calls.length).toBe(calls + 1);
    });

    test('a slow Nova Poshta is a 504 within 5 seconds, not a hang', async () => {
      novaPoshta.mode = 'slow';
      const started = Date.now();
      const { status, body } = await branches('Полтава');
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(status).toBe(504);
      expect(body.code).toBe('NOVA_POSHTA_TIMEOUT');
      expect(body.message).toMatch(/не відповіла вчасно/);
    });

    test('an over-long city name is refused', async () => {
      const { status, body } = await branches('К'.repeat(101));
      expect(status).toBe(400);
      expect(body.message).toMatch(/100 символів/);
    });
  },
  { env },
);

describeWithApp('offline demo branches (no Nova Poshta key)', (ctx) => {
  const branches = async (city: string) =>
    (await ctx().app.inject({ url: `/api/delivery/branches?city=${encodeURIComponent(city)}` })).json() as BranchList;

  test('five large cities have demo branches, labelled as demo; other places have none', async () => {
    for (const city of ['Київ', 'Львів', 'Одеса', 'Харків', 'Дніпро']) {
      const answer = await branches(city);
      expect(answer.demo, city).toBe(true);
      expect(answer.branches.length, city).toBeGreaterThanOrEqual(3);
      expect(answer.branches[0].description, city).toMatch(/^Відділення №\d+/);
    }
    expect((await branches('м. київ')).branches.length).toBeGreaterThan(0);
    expect((await branches('Kyiv')).branches.length).toBeGreaterThan(0);
    expect(await branches('Конотоп')).toEqual({ branches: [], demo: true });
  });
});
