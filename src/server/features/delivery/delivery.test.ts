import { describe, expect, test } from 'vitest';
import type { BranchList, CityList } from '../../../shared/delivery.js';
import { describeWithApp } from '../../test/database.js';
import { useFakeNovaPoshta } from '../../test/driver.js';
import { fakeSettlements, WAREHOUSE_TYPES } from '../../test/fakes/nova-poshta.js';
import { getWarehouses } from './nova-poshta-client.js';
import { DeliveryDirectory } from './service.js';

const env: Record<string, string> = {};
const novaPoshta = useFakeNovaPoshta(env);

const KYIV = fakeSettlements().find((s) => s.MainDescription === 'Київ')!;
const BILA_TSERKVA = fakeSettlements().find((s) => s.MainDescription === 'Біла Церква')!;
const callsSince = (n: number) => novaPoshta().calls.slice(n);

describeWithApp(
  'Nova Poshta directory',
  (ctx) => {
    const get = async <T>(url: string) => {
      const res = await ctx().app.inject({ url });
      return { status: res.statusCode, body: res.json() as T & { message?: string; code?: string }, raw: res.body };
    };
    const cities = (q: string) => get<CityList>(`/api/delivery/cities?q=${encodeURIComponent(q)}`);
    const branches = (query: Record<string, string | number>) =>
      get<BranchList>(`/api/delivery/branches?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`);

    test('cities: words starting with the typed text, any case, each with its oblast and district; never the key', async () => {
      const calls = novaPoshta().calls.length;
      const { status, body, raw } = await cities('біла');
      expect(status).toBe(200);
      expect(body.demo).toBe(false);
      expect(body.cities.map((c) => `${c.name} (${c.area})`).sort()).toEqual([
        'Біла Криниця (Житомирська)',
        'Біла Криниця (Рівненська)',
        'Біла Церква (Київська)',
      ]);
      expect(body.cities.find((c) => c.name === 'Біла Церква')).toEqual({
        ref: BILA_TSERKVA.Ref,
        cityRef: BILA_TSERKVA.DeliveryCity,
        name: 'Біла Церква',
        area: 'Київська',
        region: 'Білоцерківський',
        type: 'м.',
        warehouses: BILA_TSERKVA.warehouses.length,
      });
      // Villages of one name are two places with two refs.
      const krynytsi = body.cities.filter((c) => c.name === 'Біла Криниця');
      expect(new Set(krynytsi.map((c) => c.ref)).size).toBe(2);
      expect(callsSince(calls)).toEqual([
        { apiKey: novaPoshta().apiKey, method: 'Address.searchSettlements', properties: { CityName: 'біла', Limit: '30', Page: '1' } },
      ]);
      expect(raw).not.toContain(novaPoshta().apiKey);

      expect((await cities('КИ')).body.cities.map((c) => c.name).sort()).toEqual(['Кишеньки', 'Київ']);
      expect((await cities('церква')).body.cities.map((c) => c.name)).toEqual(['Біла Церква']);
      expect((await cities('Ужгород')).body.cities).toEqual([]);
    });

    test('cities: one letter or none finds nothing without asking Nova Poshta; a long query is refused', async () => {
      const calls = novaPoshta().calls.length;
      expect((await cities('к')).body).toEqual({ cities: [], demo: false });
      expect((await cities('  ')).body.cities).toEqual([]);
      expect((await get<CityList>('/api/delivery/cities')).body.cities).toEqual([]);
      expect(novaPoshta().calls.length).toBe(calls);
      const long = await cities('К'.repeat(500));
      expect(long.status).toBe(400);
      expect(long.body.message).toMatch(/100 символів/);
    });

    test('cities: the same prefix again (any case, spaces) is answered from the copy, without Nova Poshta', async () => {
      await cities('Жит');
      const calls = novaPoshta().calls.length;
      for (const q of ['жит', ' ЖИТ ', 'Жит']) {
        const { body } = await cities(q);
        expect(body.cities.map((c) => c.name)).toEqual(['Житомир']);
      }
      expect(novaPoshta().calls.length).toBe(calls);
    });

    test('branches of a settlement: every page read (650 points), numbered order, types and weight limits', async () => {
      const calls = novaPoshta().calls.length;
      const all = await branches({ cityRef: KYIV.Ref, limit: 500 });
      expect(all.status).toBe(200);
      expect(all.body.total).toBe(650);
      expect(all.body.branches).toHaveLength(500);
      expect(all.body.branches.slice(0, 3).map((b) => b.number)).toEqual(['1', '2', '3']);
      expect(all.body.branches[0]).toEqual({
        ref: KYIV.warehouses[0].Ref,
        number: '1',
        description: 'Вантажне відділення №1: вул. Пирогівський шлях, 135',
        address: 'Київ, вул. Пирогівський шлях, 135',
        type: 'cargo',
        maxWeightKg: 1000,
      });
      const pages = callsSince(calls);
      expect(pages.map((c) => [c.method, c.properties.SettlementRef, c.properties.Page]).sort()).toEqual([
        ['AddressGeneral.getWarehouses', KYIV.Ref, '1'],
        ['AddressGeneral.getWarehouses', KYIV.Ref, '2'],
      ]);

      // The last locker is on the second page: found by its number.
      const last = await branches({ cityRef: KYIV.Ref, q: '5320' });
      expect(last.body.branches.map((b) => [b.number, b.type, b.maxWeightKg])).toEqual([['5320', 'locker', 20]]);
      expect((await branches({ cityRef: KYIV.Ref, q: '7' })).body.branches[0]).toMatchObject({
        number: '7',
        description: 'Відділення №7 (до 30 кг): вул. Хрещатик, 22',
        type: 'branch',
        maxWeightKg: 30,
      });
      // A branch without a limit says so with null.
      expect((await branches({ cityRef: KYIV.Ref, q: '№2' })).body.branches[0]).toMatchObject({ number: '2', maxWeightKg: null });
    });

    test('branches: search by street in any case, the locker filter, the limit; warm answers need no Nova Poshta', async () => {
      await branches({ cityRef: BILA_TSERKVA.Ref });
      const calls = novaPoshta().calls.length;
      const street = await branches({ cityRef: BILA_TSERKVA.Ref, q: 'ЯРОСЛАВА мудрого' });
      expect(street.body.branches.map((b) => b.number)).toEqual(['3', '26081']);
      const lockers = await branches({ cityRef: BILA_TSERKVA.Ref, type: 'locker' });
      expect(lockers.body.branches.map((b) => [b.number, b.type, b.maxWeightKg])).toEqual([
        ['26081', 'locker', 20],
        ['26094', 'locker', 20],
      ]);
      expect((await branches({ cityRef: BILA_TSERKVA.Ref, type: 'cargo' })).body.branches.map((b) => b.number)).toEqual(['1']);
      const one = BILA_TSERKVA.warehouses[2];
      expect((await branches({ cityRef: BILA_TSERKVA.Ref, ref: one.Ref })).body.branches.map((b) => b.ref)).toEqual([one.Ref]);
      expect((await branches({ cityRef: BILA_TSERKVA.Ref, q: 'Хрещатик' })).body).toEqual({ branches: [], total: 0, demo: false });
      expect(novaPoshta().calls.length).toBe(calls);
      const limited = await branches({ cityRef: KYIV.Ref, type: 'locker', limit: 10 });
      expect(limited.body).toMatchObject({ total: 320 });
      expect(limited.body.branches).toHaveLength(10);
    });

    test('branches: an unknown settlement, one without points, and no settlement at all give an empty list', async () => {
      expect((await branches({ cityRef: '00000000-0000-0000-0000-000000000000' })).body).toEqual({ branches: [], total: 0, demo: false });
      const bucha = fakeSettlements().find((s) => s.MainDescription === 'Буча')!;
      expect((await branches({ cityRef: bucha.Ref })).body.total).toBe(0);
      const calls = novaPoshta().calls.length;
      expect((await branches({})).body).toEqual({ branches: [], total: 0, demo: false });
      expect(novaPoshta().calls.length).toBe(calls);
    });

    test('branches: bad input is a 400 that asks nothing of Nova Poshta', async () => {
      const calls = novaPoshta().calls.length;
      const bad: Record<string, string | number>[] = [
        { cityRef: 'not-a-ref' },
        { cityRef: `${KYIV.Ref}' OR 1=1` },
        { cityRef: KYIV.Ref, q: 'а'.repeat(500) },
        { cityRef: KYIV.Ref, type: 'drone' },
        { cityRef: KYIV.Ref, limit: 0 },
        { cityRef: KYIV.Ref, limit: 'many' },
        { cityRef: KYIV.Ref, limit: 501 },
        { city: 'К'.repeat(101) },
      ];
      for (const query of bad) {
        const { status, body } = await branches(query);
        expect(status, JSON.stringify(query)).toBe(400);
        expect(body.message, JSON.stringify(query)).toBeTruthy();
      }
      expect(novaPoshta().calls.length).toBe(calls);
    });

    test('the older ?city= form still lists the branches of a city by name', async () => {
      const { status, body } = await branches({ city: 'Житомир' });
      expect(status).toBe(200);
      expect(body.branches.map((b) => b.description)).toEqual(['Відділення №2: вул. Київська, 77']);
      expect((await branches({ city: 'Київ' })).body.total).toBe(650);
      expect((await branches({ city: 'Буча' })).body.branches).toEqual([]);
      expect((await branches({ city: 'Неіснуюче місто' })).body.branches).toEqual([]);
      const calls = novaPoshta().calls.length;
      expect((await branches({ city: '  житомир ' })).body.branches).toHaveLength(1);
      expect(novaPoshta().calls.length).toBe(calls);
    });

    test('Nova Poshta refusing (success:false), failing or talking nonsense is a 502 with a Ukrainian message; failures are not kept', async () => {
      const vinnytsia = fakeSettlements().find((s) => s.MainDescription === 'Вінниця')!;
      for (const mode of ['refuse', 'http-error', 'garbage'] as const) {
        novaPoshta().mode = mode;
        for (const answer of [await branches({ cityRef: vinnytsia.Ref }), await cities('Вінн')]) {
          expect(answer.status, mode).toBe(502);
          expect(answer.body.code, mode).toBe('NOVA_POSHTA_UNAVAILABLE');
          expect(answer.body.message, mode).toMatch(/Нова пошта/);
        }
      }
      novaPoshta().mode = 'ok';
      const calls = novaPoshta().calls.length;
      expect((await branches({ cityRef: vinnytsia.Ref })).body.total).toBe(1);
      expect((await cities('Вінн')).body.cities).toHaveLength(1);
      expect(novaPoshta().calls.length).toBe(calls + 2);
    });

    test('a slow Nova Poshta is a 504 within 5 seconds, not a hang', async () => {
      novaPoshta().mode = 'slow';
      const poltava = fakeSettlements().find((s) => s.MainDescription === 'Полтава')!;
      const started = Date.now();
      const [branch, city] = await Promise.all([branches({ cityRef: poltava.Ref }), cities('Полт')]);
      expect(Date.now() - started).toBeLessThan(5_000);
      for (const answer of [branch, city]) {
        expect(answer.status).toBe(504);
        expect(answer.body.code).toBe('NOVA_POSHTA_TIMEOUT');
        expect(answer.body.message).toMatch(/не відповіла вчасно/);
      }
    });
  },
  { env },
);

describe('the Nova Poshta client and the directory copy', () => {
  const settings = () => ({ apiUrl: novaPoshta().url, apiKey: novaPoshta().apiKey });

  test('getWarehouses passes FindByString and TypeOfWarehouseRef, and pages by what a capped server serves', async () => {
    novaPoshta().pageLimit = 100;
    const calls = novaPoshta().calls.length;
    const lockers = await getWarehouses(settings(), { cityRef: KYIV.DeliveryCity, typeRef: WAREHOUSE_TYPES.locker });
    expect(lockers).toHaveLength(320);
    expect(new Set(lockers.map((w) => w.ref)).size).toBe(320);
    expect(lockers.every((w) => w.type === 'locker' && w.settlementRef === KYIV.Ref && w.settlementName === 'Київ')).toBe(true);
    // Pages after the first are asked at once: they arrive in any order.
    expect(
      callsSince(calls)
        .map((c) => c.properties.Page)
        .sort(),
    ).toEqual(['1', '2', '3', '4']);
    expect(callsSince(calls)[2].properties).toMatchObject({ CityRef: KYIV.DeliveryCity, TypeOfWarehouseRef: WAREHOUSE_TYPES.locker, Limit: '100' });

    const found = await getWarehouses(settings(), { settlementRef: KYIV.Ref, findByString: 'пирогівський' });
    expect(found.map((w) => w.number)).toEqual(['1']);
  });

  test('an old copy still answers while Nova Poshta fails; with no copy the failure reaches the caller', async () => {
    const directory = new DeliveryDirectory(settings(), { warehousesTtlMs: 0 });
    const first = await directory.findBranches({ cityRef: BILA_TSERKVA.Ref, q: '', city: '', limit: 50 });
    novaPoshta().mode = 'refuse';
    const calls = novaPoshta().calls.length;
    expect(await directory.findBranches({ cityRef: BILA_TSERKVA.Ref, q: '', city: '', limit: 50 })).toEqual(first);
    // The failed refresh is not repeated at once.
    expect(await directory.findBranches({ cityRef: BILA_TSERKVA.Ref, q: '', city: '', limit: 50 })).toEqual(first);
    expect(novaPoshta().calls.length).toBe(calls + 1);
    await expect(directory.findWarehouse(KYIV.Ref, KYIV.warehouses[0].Ref)).rejects.toMatchObject({ code: 'NOVA_POSHTA_UNAVAILABLE' });
  });

  test('findWarehouse answers only for a point of that settlement', async () => {
    const directory = new DeliveryDirectory(settings());
    const point = BILA_TSERKVA.warehouses[1];
    expect(await directory.findWarehouse(BILA_TSERKVA.Ref, point.Ref)).toMatchObject({
      ref: point.Ref,
      settlementName: 'Біла Церква',
      cityRef: BILA_TSERKVA.DeliveryCity,
    });
    expect(await directory.findWarehouse(KYIV.Ref, point.Ref)).toBeNull();
  });
});

describeWithApp('offline demo directory (no Nova Poshta key)', (ctx) => {
  const get = async <T>(url: string) => (await ctx().app.inject({ url })).json() as T;

  test('six real cities with branches and lockers, labelled as demo; villages of one name told apart', async () => {
    for (const name of ['Київ', 'Львів', 'Одеса', 'Харків', 'Дніпро', 'Біла Церква']) {
      const { cities, demo } = await get<CityList>(`/api/delivery/cities?q=${encodeURIComponent(name.slice(0, 4).toLowerCase())}`);
      expect(demo, name).toBe(true);
      const city = cities.find((c) => c.name === name);
      expect(city, name).toBeDefined();
      const list = await get<BranchList>(`/api/delivery/branches?cityRef=${city!.ref}`);
      expect(list.demo, name).toBe(true);
      expect(list.branches.filter((b) => b.type === 'branch').length, name).toBeGreaterThanOrEqual(2);
      expect(list.branches.filter((b) => b.type === 'locker').length, name).toBeGreaterThanOrEqual(1);
      const locker = await get<BranchList>(`/api/delivery/branches?cityRef=${city!.ref}&type=locker`);
      expect(
        locker.branches.every((b) => b.type === 'locker' && b.maxWeightKg === 20),
        name,
      ).toBe(true);
    }
    const bila = await get<CityList>('/api/delivery/cities?q=%D0%B1%D1%96%D0%BB%D0%B0'); // "біла"
    expect(bila.cities.map((c) => `${c.name}, ${c.area}`)).toEqual(['Біла Церква, Київська', 'Біла Криниця, Рівненська', 'Біла Криниця, Житомирська']);
    expect((await get<CityList>('/api/delivery/cities?q=kyiv')).cities.map((c) => c.name)).toEqual(['Київ']);
  });

  test('the older ?city= form: the city by any usual spelling; other places have none', async () => {
    expect((await get<BranchList>('/api/delivery/branches?city=%D0%BC.%20%D0%BA%D0%B8%D1%97%D0%B2')).total).toBeGreaterThan(0); // "м. київ"
    expect((await get<BranchList>('/api/delivery/branches?city=Kyiv')).total).toBeGreaterThan(0);
    expect(await get<BranchList>('/api/delivery/branches?city=%D0%9A%D0%BE%D0%BD%D0%BE%D1%82%D0%BE%D0%BF')).toEqual({ branches: [], total: 0, demo: true });
  });
});
