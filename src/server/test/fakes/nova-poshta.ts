import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenLocally } from './listen.js';

/**
 * A local Nova Poshta JSON API: `POST /v2.0/json/` with `{ apiKey, modelName, calledMethod,
 * methodProperties }`, answering in its real envelope (HTTP 200 with `success: false` when it
 * refuses). It knows Address.searchSettlements (words starting with the typed text, any case,
 * Limit/Page, TotalCount) and AddressGeneral.getWarehouses (SettlementRef, CityRef or CityName,
 * FindByString, TypeOfWarehouseRef, Limit/Page with `info.totalCount`, at most `pageLimit` rows a
 * page as Nova Poshta caps them), Counterparty.save (a private-person recipient with its contact),
 * InternetDocument.save (every documented required field checked, refused in the real envelope
 * with `errors` and `errorCodes`; numbers 2045…; a courier delivery, `WarehouseDoors`, needs the
 * street, house and oblast of the one-line form), Address.searchSettlementStreets (StreetName,
 * SettlementRef, Limit), InternetDocument.getDocumentPrice and getDocumentDeliveryDate (every
 * required field checked, the cities must be known; the tariff is `fakeTariff`, the day two days
 * after `DateTime`) and TrackingDocument.getStatusDocuments (statuses set by the test in `tracking`).
 * Beside the JSON API it prints markings as my.novaposhta.ua does: `GET /orders/printMarking100x100/
 * orders[]/{numbers, comma-separated}/type/pdf/apiKey/{key}` answers a PDF for waybills it made, and
 * an HTML page (HTTP 200, as the real one) for a wrong key or an unknown number. Anything else is
 * recorded in `unhandled`, logged, and answered 501 so the test fails loudly.
 */

export const WAREHOUSE_TYPES = {
  branch: '841339c7-591a-42e2-8233-7a0a00f0ed6f',
  cargo: '9a68df70-0267-42a8-bb5c-37f427e36ee4',
  locker: 'f9316480-5f2d-425d-bc2c-ac7cd29decf0',
} as const;
type Kind = keyof typeof WAREHOUSE_TYPES;

export interface FakeWarehouse {
  Ref: string;
  Number: string;
  Description: string;
  ShortAddress: string;
  TypeOfWarehouse: string;
  CategoryOfWarehouse: 'Branch' | 'Postomat';
  PlaceMaxWeightAllowed: string;
  TotalMaxWeightAllowed: string;
  /** "Working" unless a test closes the point; Nova Poshta also writes e.g. "Temporarily", "InDeveloping". */
  WarehouseStatus?: string;
  DenyToSelect?: '0' | '1';
}

export interface FakeSettlement {
  Ref: string;
  DeliveryCity: string;
  MainDescription: string;
  Area: string;
  Region: string;
  SettlementTypeCode: string;
  warehouses: FakeWarehouse[];
  /** Streets for courier delivery, as Address.searchSettlementStreets's `Present` ("вул. Хрещатик"). */
  streets: string[];
}

export type FakeNovaPoshtaMode = 'ok' | 'refuse' | 'http-error' | 'garbage' | 'slow';

export interface FakeWaybill {
  number: string;
  ref: string;
  properties: Record<string, unknown>;
}

export interface FakeCall {
  apiKey: string;
  method: string;
  properties: Record<string, unknown>;
}

export interface FakeNovaPoshta {
  url: string;
  apiKey: string;
  settlements: FakeSettlement[];
  /** Every call, in order. */
  calls: FakeCall[];
  unhandled: string[];
  mode: FakeNovaPoshtaMode;
  /** How long 'slow' waits before answering. */
  slowMs: number;
  /** The most rows one getWarehouses page holds, whatever Limit asks. */
  pageLimit: number;
  /** Waybills made by InternetDocument.save: the number given and what was asked. */
  waybills: FakeWaybill[];
  /** Recipients made by Counterparty.save: the counterparty's ref, its contact person's ref and what was asked. */
  counterparties: { ref: string; contactRef: string; properties: Record<string, unknown> }[];
  /** What getStatusDocuments answers per ТТН; a number not here reads "Номер не знайдено". */
  tracking: Map<string, { Status: string; StatusCode: string }>;
  /** The printing address to configure (NOVA_POSHTA_PRINT_URL), and the waybill numbers of each print asked. */
  printUrl: string;
  prints: string[][];
  close(): Promise<void>;
}

const PATH = '/v2.0/json/';
const PRINT_PATH = '/orders/';

/** printMarking100x100 (or 85x85): a tiny PDF naming the waybills, or Nova Poshta's HTML refusal. */
function printMarkings(fake: FakeNovaPoshta, url: string, res: ServerResponse) {
  const match = /^\/orders\/printMarking(?:100x100|85x85)\/orders(?:\[\]|%5B%5D)?\/([0-9,]+)\/type\/(pdf|html)\/apiKey\/([^/?]+)(?:\/zebra)?$/.exec(url);
  if (!match) return unhandled(fake, res, `GET ${url.replace(/apiKey\/[^/]+/, 'apiKey/…')}`);
  const numbers = match[1].split(',').filter(Boolean);
  const known = new Set(fake.waybills.map((w) => w.number));
  if (decodeURIComponent(match[3]) !== fake.apiKey || numbers.length === 0 || numbers.some((n) => !known.has(n))) {
    return send(res, 200, '<html><body>Документ не знайдено або немає доступу</body></html>', 'text/html; charset=utf-8');
  }
  fake.prints.push(numbers);
  const pdf = `%PDF-1.4\n% Nova Poshta markings\n${numbers.map((n) => `% ТТН ${n}`).join('\n')}\n%%EOF\n`;
  return send(res, 200, pdf, 'application/pdf');
}

/** A stable UUID-shaped ref, as Nova Poshta's look. */
export function fakeRef(key: string): string {
  const hex = createHash('sha1').update(`fake-np:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

function point(place: string, kind: Kind, number: number, address: string, underThirty = false): FakeWarehouse {
  const name =
    kind === 'locker'
      ? `Поштомат "Нова Пошта" №${number}`
      : kind === 'cargo'
        ? `Вантажне відділення №${number}`
        : `Відділення №${number}${underThirty ? ' (до 30 кг)' : ''}`;
  return {
    Ref: fakeRef(`${place}:${kind}:${number}`),
    Number: String(number),
    Description: `${name}: ${address}`,
    ShortAddress: `${place}, ${address}`,
    TypeOfWarehouse: WAREHOUSE_TYPES[kind],
    CategoryOfWarehouse: kind === 'locker' ? 'Postomat' : 'Branch',
    // Nova Poshta's usual figures; "0" means no limit.
    PlaceMaxWeightAllowed: kind === 'locker' ? '20' : kind === 'cargo' ? '1000' : underThirty ? '30' : '0',
    TotalMaxWeightAllowed: kind === 'locker' ? '20' : '0',
  };
}

function settlement(
  name: string,
  type: string,
  area: string,
  region: string,
  warehouses: (place: string) => FakeWarehouse[],
  key = `${name}/${area}/${region}`,
): FakeSettlement {
  return {
    Ref: fakeRef(`settlement:${key}`),
    DeliveryCity: fakeRef(`city:${key}`),
    MainDescription: name,
    Area: area,
    Region: region,
    SettlementTypeCode: type,
    warehouses: warehouses(name),
    streets: [],
  };
}

/** The streets a settlement's points stand on, and any named. */
function withStreets(place: FakeSettlement, extra: string[] = []): FakeSettlement {
  const streets = new Set([...place.warehouses.map((w) => w.ShortAddress.split(', ')[1] ?? ''), ...extra].filter(Boolean));
  return { ...place, streets: [...streets] };
}

/**
 * The fake's tariff, hryvnias: 70 to a branch, 95 to the door, 10 more per kilogram above two, and
 * 0.5 % of the declared value above 200 (roughly Nova Poshta's shape; tests compute what to expect).
 */
export function fakeTariff(serviceType: string, weightKg: number, declaredValue: number): number {
  const base = serviceType.endsWith('Doors') ? 95 : 70;
  return base + Math.max(0, Math.ceil(weightKg) - 2) * 10 + Math.round(Math.max(0, declaredValue - 200) * 0.005);
}

const KYIV_STREETS = [
  'вул. Хрещатик',
  'просп. Берестейський',
  'вул. Богатирська',
  'вул. Саксаганського',
  'просп. Перемоги',
  'вул. Велика Васильківська',
  'вул. Антоновича',
  'просп. Бажана',
];

/**
 * Kyiv has 650 points (330 branches, 320 lockers): more than one page, as the real city has
 * thousands. Біла Церква has branches, a cargo branch and lockers; two villages share a name.
 */
export function fakeSettlements(): FakeSettlement[] {
  const extraStreets: Record<string, string[]> = {
    'Біла Церква': ['вул. Гайова', 'вул. Героїв Небесної Сотні', 'вул. Київська', 'вул. Шевченка'],
    Київ: ['вул. Володимирська', 'вул. Городецького'],
  };
  return [
    settlement('Київ', 'м.', 'Київська', '', (place) => [
      point(place, 'cargo', 1, 'вул. Пирогівський шлях, 135'),
      ...Array.from({ length: 329 }, (_, i) => {
        const n = i + 2;
        if (n === 7) return point(place, 'branch', 7, 'вул. Хрещатик, 22', true);
        if (n === 31) return point(place, 'branch', 31, 'просп. Берестейський, 84', true);
        return point(place, 'branch', n, `${KYIV_STREETS[n % KYIV_STREETS.length]}, ${n}`, n % 3 === 0);
      }),
      ...Array.from({ length: 320 }, (_, i) => point(place, 'locker', 5001 + i, `${KYIV_STREETS[i % KYIV_STREETS.length]}, ${i + 1}`)),
    ]),
    settlement('Біла Церква', 'м.', 'Київська', 'Білоцерківський', (place) => [
      point(place, 'cargo', 1, 'вул. Сквирське шосе, 180'),
      point(place, 'branch', 2, 'бульв. Олександрійський, 68'),
      point(place, 'branch', 3, 'вул. Ярослава Мудрого, 40', true),
      point(place, 'branch', 7, 'вул. Леваневського, 51', true),
      point(place, 'locker', 26081, 'вул. Ярослава Мудрого, 2'),
      point(place, 'locker', 26094, 'бульв. Олександрійський, 95'),
    ]),
    settlement('Білогородка', 'с.', 'Київська', 'Бучанський', (place) => [point(place, 'branch', 1, 'вул. Володимирська, 2', true)]),
    settlement('Біла Криниця', 'с.', 'Рівненська', 'Рівненський', (place) => [point(place, 'branch', 1, 'вул. Шевченка, 3', true)]),
    settlement('Біла Криниця', 'с.', 'Житомирська', 'Житомирський', (place) => [point(place, 'branch', 1, 'вул. Центральна, 17', true)]),
    settlement('Кишеньки', 'с.', 'Полтавська', 'Кременчуцький', () => []),
    settlement('Житомир', 'м.', 'Житомирська', 'Житомирський', (place) => [point(place, 'branch', 2, 'вул. Київська, 77')]),
    settlement('Буча', 'м.', 'Київська', 'Бучанський', () => []),
    settlement('Вінниця', 'м.', 'Вінницька', 'Вінницький', (place) => [point(place, 'branch', 1, 'вул. Келецька, 57')]),
    settlement('Полтава', 'м.', 'Полтавська', 'Полтавський', (place) => [point(place, 'branch', 1, 'вул. Зінківська, 6')]),
  ].map((place) => withStreets(place, extraStreets[place.MainDescription]));
}

export async function startFakeNovaPoshta(options: { apiKey?: string; settlements?: FakeSettlement[] } = {}): Promise<FakeNovaPoshta> {
  const fake: FakeNovaPoshta = {
    url: '',
    apiKey: options.apiKey ?? 'fake-nova-poshta-key',
    settlements: options.settlements ?? fakeSettlements(),
    calls: [],
    unhandled: [],
    mode: 'ok',
    slowMs: 6_000,
    pageLimit: 500,
    waybills: [],
    counterparties: [],
    tracking: new Map(),
    printUrl: '',
    prints: [],
    close: async () => {},
  };

  const server = createServer(async (req, res) => {
    if (req.method === 'GET' && req.url?.startsWith(PRINT_PATH)) return printMarkings(fake, req.url, res);
    const body = await readJson(req);
    if (req.method !== 'POST' || req.url !== PATH || !isCall(body)) {
      return unhandled(fake, res, `${req.method} ${req.url} ${JSON.stringify(body)}`);
    }
    const method = `${body.modelName}.${body.calledMethod}`;
    const handler = HANDLERS[method];
    if (!handler) return unhandled(fake, res, method);
    const properties = body.methodProperties ?? {};
    fake.calls.push({ apiKey: body.apiKey, method, properties });

    if (fake.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, fake.slowMs));
    if (fake.mode === 'http-error') return send(res, 500, '<html><body>Internal Server Error</body></html>', 'text/html');
    if (fake.mode === 'garbage') return send(res, 200, 'not json at all', 'application/json');
    if (fake.mode === 'refuse' || body.apiKey !== fake.apiKey) {
      return sendJson(res, envelope(false, [], { errors: ['API key is invalid'], errorCodes: ['20000200039'] }));
    }
    return sendJson(res, handler(fake, properties));
  });
  // A slow answer must not keep the test run open.
  server.keepAliveTimeout = 100;
  const { origin, close } = await listenLocally(server);
  fake.url = `${origin}${PATH}`;
  fake.printUrl = `${origin}${PRINT_PATH}`;
  fake.close = close;
  return fake;
}

type Handler = (fake: FakeNovaPoshta, properties: Record<string, unknown>) => ReturnType<typeof envelope>;

const HANDLERS: Record<string, Handler> = {
  'InternetDocument.save': saveWaybill,
  'InternetDocument.delete': (fake, p) => {
    const ref = lower(p.DocumentRefs);
    if (!ref) return refused(['DocumentRefs is empty'], '20000200138');
    const index = fake.waybills.findIndex((w) => w.ref === ref);
    if (index < 0) return refused(['Document not found'], '20000200139');
    fake.waybills.splice(index, 1);
    return envelope(true, [{ Ref: ref }]);
  },
  'InternetDocument.getDocumentPrice': documentPrice,
  'InternetDocument.getDocumentDeliveryDate': documentDeliveryDate,
  'Address.searchSettlementStreets': (fake, p) => {
    const missing = ['StreetName', 'SettlementRef'].filter((key) => lower(p[key]) === '');
    if (missing.length)
      return refused(
        missing.map((key) => `${key} is empty`),
        '20000900746',
      );
    const place = fake.settlements.find((s) => s.Ref === lower(p.SettlementRef));
    if (!place) return refused(['SettlementRef is not valid'], '20000102443');
    const q = lower(p.StreetName);
    const found = place.streets.filter((street) => lower(street).includes(q));
    const { rows } = paged(found, p, 50);
    return envelope(true, [
      {
        TotalCount: found.length,
        Addresses: rows.map((street) => {
          const [kind, ...words] = street.split(' ');
          return {
            SettlementRef: place.Ref,
            SettlementStreetRef: fakeRef(`street:${place.Ref}:${street}`),
            SettlementStreetDescription: words.join(' '),
            Present: street,
            StreetsType: fakeRef(`street-type:${kind}`),
            StreetsTypeDescription: kind,
            Location: { lat: 49.8, lon: 30.1 },
            SettlementStreetDescriptionRu: words.join(' '),
          };
        }),
      },
    ]);
  },
  'Counterparty.save': saveCounterparty,
  'TrackingDocument.getStatusDocuments': statusDocuments,
  'Address.searchSettlements': (fake, p) => {
    const q = lower(p.CityName);
    if (!q) return envelope(false, [], { errors: ['CityName is empty'], errorCodes: ['20000900746'] });
    const found = fake.settlements.filter(
      (s) =>
        lower(s.MainDescription)
          .split(/[\s-]+/)
          .some((word) => word.startsWith(q)) || lower(s.MainDescription).startsWith(q),
    );
    const { rows } = paged(found, p, 50);
    return envelope(true, [
      {
        TotalCount: found.length,
        Addresses: rows.map((s) => ({
          Present: `${s.SettlementTypeCode} ${s.MainDescription}, ${s.Region ? `${s.Region} р-н, ` : ''}${s.Area} обл.`,
          Warehouses: s.warehouses.length,
          MainDescription: s.MainDescription,
          Area: s.Area,
          Region: s.Region,
          SettlementTypeCode: s.SettlementTypeCode,
          Ref: s.Ref,
          DeliveryCity: s.DeliveryCity,
          AddressDeliveryAllowed: true,
          StreetsAvailability: s.SettlementTypeCode === 'м.',
          ParentRegionTypes: 'область',
          ParentRegionCode: 'обл.',
          RegionTypes: s.Region ? 'район' : '',
          RegionTypesCode: s.Region ? 'р-н' : '',
        })),
      },
    ]);
  },
  'AddressGeneral.getWarehouses': (fake, p) => {
    for (const key of ['SettlementRef', 'CityRef', 'TypeOfWarehouseRef'] as const) {
      if (p[key] !== undefined && !/^[0-9a-f-]{36}$/i.test(String(p[key]))) {
        return envelope(false, [], { errors: [`${key} is not valid`], errorCodes: ['20000102443'] });
      }
    }
    const places = fake.settlements.filter((s) =>
      p.SettlementRef !== undefined
        ? s.Ref === lower(p.SettlementRef)
        : p.CityRef !== undefined
          ? s.DeliveryCity === lower(p.CityRef)
          : lower(p.CityName) !== '' && lower(s.MainDescription) === lower(p.CityName),
    );
    const find = lower(p.FindByString);
    const found = places.flatMap((s) =>
      s.warehouses
        .filter((w) => (!find || lower(w.Description).includes(find)) && (!p.TypeOfWarehouseRef || w.TypeOfWarehouse === lower(p.TypeOfWarehouseRef)))
        .map((w) => fullRecord(s, w)),
    );
    const { rows } = paged(found, p, fake.pageLimit);
    return envelope(true, rows, { totalCount: found.length });
  },
};

/**
 * What InternetDocument.save requires for a parcel to a branch, as Nova Poshta's API 2.0 documents
 * it ("Створити експрес-накладну до відділення"); the recipient's fields depend on the form.
 */
const WAYBILL_FIELDS = [
  'PayerType',
  'PaymentMethod',
  'DateTime',
  'CargoType',
  'Weight',
  'ServiceType',
  'SeatsAmount',
  'Description',
  'Cost',
  'CitySender',
  'Sender',
  'SenderAddress',
  'ContactSender',
  'SendersPhone',
  'RecipientsPhone',
] as const;
/** The recipient by refs: a counterparty and contact made by Counterparty.save, the city and branch from the directory. */
const RECIPIENT_BY_REFS = ['CityRecipient', 'Recipient', 'RecipientAddress', 'ContactRecipient'] as const;
/** The documented one-line form (`NewAddress: "1"`): the recipient and the branch in words. */
const RECIPIENT_IN_WORDS = ['RecipientName', 'RecipientType', 'RecipientCityName', 'RecipientAddressName'] as const;
/** To the door (`ServiceType` `WarehouseDoors`) in the one-line form: the street, the house and the oblast too; `RecipientFlat` is optional. */
const DOOR_IN_WORDS = ['RecipientArea', 'RecipientHouse'] as const;
const SEAT_FIELDS = ['volumetricWidth', 'volumetricLength', 'volumetricHeight', 'weight'] as const;

/** Both ends of a route must be cities Nova Poshta knows (`DeliveryCity` of a settlement). */
function unknownCities(fake: FakeNovaPoshta, p: Record<string, unknown>): string[] {
  const known = (ref: unknown) => fake.settlements.some((s) => s.DeliveryCity === lower(ref));
  return (['CitySender', 'CityRecipient'] as const).filter((key) => !known(p[key])).map((key) => `${key} is not valid`);
}

const SERVICE_TYPES = ['DoorsDoors', 'DoorsWarehouse', 'WarehouseWarehouse', 'WarehouseDoors'];

/** A route's refusal, as Nova Poshta words it: a required field empty, or a city it does not know; else null. */
function refusedRoute(fake: FakeNovaPoshta, p: Record<string, unknown>, required: string[]) {
  const missing = required.filter((key) => lower(p[key]) === '');
  if (missing.length)
    return refused(
      missing.map((key) => `${key} is empty`),
      '20000100113',
    );
  const unknown = unknownCities(fake, p);
  if (unknown.length) return refused(unknown, '20000102443');
  if (!SERVICE_TYPES.includes(String(p.ServiceType))) return refused(['ServiceType is invalid'], '20000100110');
  return null;
}

/** getDocumentPrice: CitySender, CityRecipient, Weight, ServiceType, Cost, CargoType and SeatsAmount are required. */
function documentPrice(fake: FakeNovaPoshta, p: Record<string, unknown>) {
  const refusal = refusedRoute(fake, p, ['CitySender', 'CityRecipient', 'Weight', 'ServiceType', 'Cost', 'CargoType', 'SeatsAmount']);
  if (refusal) return refusal;
  if (!(Number(p.Weight) > 0)) return refused(['Weight is invalid'], '20000100107');
  if (!(Number(p.Cost) >= 0)) return refused(['Cost is invalid'], '20000100111');
  const cost = fakeTariff(String(p.ServiceType), Number(p.Weight), Number(p.Cost));
  return envelope(true, [{ AssessedCost: Number(p.Cost), Cost: cost, CostRedelivery: 0 }]);
}

/** getDocumentDeliveryDate: DateTime (dd.mm.yyyy), ServiceType, CitySender and CityRecipient; arrives two days later. */
function documentDeliveryDate(fake: FakeNovaPoshta, p: Record<string, unknown>) {
  const refusal = refusedRoute(fake, p, ['DateTime', 'ServiceType', 'CitySender', 'CityRecipient']);
  if (refusal) return refusal;
  const day = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(String(p.DateTime));
  if (!day) return refused(['DateTime is invalid'], '20000100106');
  const arrives = new Date(Date.UTC(Number(day[3]), Number(day[2]) - 1, Number(day[1]) + 2));
  return envelope(true, [{ DeliveryDate: { date: `${arrives.toISOString().slice(0, 10)} 00:00:00.000000`, timezone_type: 3, timezone: 'Europe/Kiev' } }]);
}

function refused(errors: string[], code: string) {
  return envelope(false, [], { errors, errorCodes: errors.map(() => code) });
}

function saveWaybill(fake: FakeNovaPoshta, p: Record<string, unknown>) {
  const inWords = p.NewAddress === '1';
  const toDoor = String(p.ServiceType).endsWith('Doors');
  const missing: string[] = [...WAYBILL_FIELDS, ...(inWords ? RECIPIENT_IN_WORDS : RECIPIENT_BY_REFS), ...(inWords && toDoor ? DOOR_IN_WORDS : [])].filter(
    (key) => lower(p[key]) === '',
  );
  const seats = p.OptionsSeat;
  if (seats === undefined && lower(p.VolumeGeneral) === '') missing.push('OptionsSeat');
  if (missing.length)
    return refused(
      missing.map((key) => `${key} is empty`),
      '20000100113',
    );
  if (seats !== undefined) {
    if (!Array.isArray(seats) || seats.length === 0) return refused(['OptionsSeat is invalid'], '20000103060');
    for (const seat of seats as Record<string, unknown>[]) {
      const bad = SEAT_FIELDS.filter((key) => !(Number(seat?.[key]) > 0));
      if (bad.length)
        return refused(
          bad.map((key) => `OptionsSeat ${key} is invalid`),
          '20000103060',
        );
    }
    if (String(seats.length) !== String(p.SeatsAmount)) return refused(['SeatsAmount does not match OptionsSeat'], '20000103061');
  } else if (!(Number(p.VolumeGeneral) >= 0.0004)) return refused(['VolumeGeneral is invalid'], '20000103062');
  if (!['Sender', 'Recipient', 'ThirdPerson'].includes(String(p.PayerType))) return refused(['PayerType is invalid'], '20000100108');
  if (!['Cash', 'NonCash'].includes(String(p.PaymentMethod))) return refused(['PaymentMethod is invalid'], '20000100109');
  if (!['DoorsDoors', 'DoorsWarehouse', 'WarehouseWarehouse', 'WarehouseDoors'].includes(String(p.ServiceType))) {
    return refused(['ServiceType is invalid'], '20000100110');
  }
  if (!/^\d{2}\.\d{2}\.\d{4}$/.test(String(p.DateTime))) return refused(['DateTime is invalid'], '20000100106');
  if (!(Number(p.Weight) >= 0.1)) return refused(['Weight is invalid'], '20000100107');
  if (!/^\d+$/.test(String(p.Cost))) return refused(['Cost is invalid'], '20000100111');
  if (!/^380\d{9}$/.test(String(p.RecipientsPhone))) return refused(['RecipientsPhone is invalid'], '20000200136');
  // A courier delivery by refs would name an address made by Address.save, which the shop does not use.
  if (toDoor && !inWords) return refused(['RecipientAddress is invalid'], '20000200183');
  if (!inWords) {
    const recipient = fake.counterparties.find((c) => c.ref === p.Recipient);
    if (!recipient) return refused(['Recipient is invalid'], '20000200181');
    if (recipient.contactRef !== p.ContactRecipient) return refused(['ContactRecipient is invalid'], '20000200182');
  }
  if (p.BackwardDeliveryData !== undefined) {
    const back = p.BackwardDeliveryData;
    const valid =
      Array.isArray(back) &&
      back.length > 0 &&
      back.every(
        (b: Record<string, unknown>) =>
          ['Sender', 'Recipient'].includes(String(b?.PayerType)) && lower(b?.CargoType) !== '' && lower(b?.RedeliveryString) !== '',
      );
    if (!valid) return refused(['BackwardDeliveryData is invalid'], '20000100114');
  }
  const number = `2045${String(fake.waybills.length + 1).padStart(10, '0')}`;
  const ref = fakeRef(`waybill:${number}`);
  fake.waybills.push({ number, ref, properties: p });
  fake.tracking.set(number, { Status: 'Відправник самостійно створив цю накладну, але ще не надав до відправки', StatusCode: '1' });
  return envelope(true, [{ Ref: ref, CostOnSite: 70, EstimatedDeliveryDate: p.DateTime, IntDocNumber: number, TypeDocument: 'InternetDocument' }]);
}

/** Counterparty.save for a private person: FirstName, LastName, Phone, CounterpartyType and CounterpartyProperty are required. */
function saveCounterparty(fake: FakeNovaPoshta, p: Record<string, unknown>) {
  const missing = ['FirstName', 'LastName', 'Phone', 'CounterpartyType', 'CounterpartyProperty'].filter((key) => lower(p[key]) === '');
  if (missing.length)
    return refused(
      missing.map((key) => `${key} is empty`),
      '20000200100',
    );
  if (p.CounterpartyType !== 'PrivatePerson') return refused(['CounterpartyType is invalid'], '20000200101');
  if (p.CounterpartyProperty !== 'Recipient' && p.CounterpartyProperty !== 'Sender') return refused(['CounterpartyProperty is invalid'], '20000200102');
  if (!/^380\d{9}$/.test(String(p.Phone))) return refused(['Phone is invalid'], '20000200136');
  const key = `${String(p.LastName)} ${String(p.FirstName)} ${String(p.Phone)}`;
  const ref = fakeRef(`counterparty:${key}`);
  const contactRef = fakeRef(`contact:${key}`);
  if (!fake.counterparties.some((c) => c.ref === ref)) fake.counterparties.push({ ref, contactRef, properties: p });
  const description = [p.LastName, p.FirstName, p.MiddleName].filter(Boolean).join(' ');
  return envelope(true, [
    {
      Ref: ref,
      Description: description,
      FirstName: p.FirstName,
      MiddleName: p.MiddleName ?? '',
      LastName: p.LastName,
      Counterparty: '',
      OwnershipForm: '',
      OwnershipFormDescription: '',
      EDRPOU: '',
      CounterpartyType: 'PrivatePerson',
      ContactPerson: {
        success: true,
        data: [{ Ref: contactRef, Description: description, LastName: p.LastName, FirstName: p.FirstName, MiddleName: p.MiddleName ?? '' }],
        errors: [],
        warnings: [],
      },
    },
  ]);
}

function statusDocuments(fake: FakeNovaPoshta, p: Record<string, unknown>) {
  if (!Array.isArray(p.Documents) || p.Documents.length === 0) return envelope(false, [], { errors: ['Documents is empty'], errorCodes: ['20000900746'] });
  return envelope(
    true,
    p.Documents.map((doc: { DocumentNumber?: unknown }) => {
      const number = String(doc.DocumentNumber ?? '');
      return { Number: number, ...(fake.tracking.get(number) ?? { Status: 'Номер не знайдено', StatusCode: '3' }) };
    }),
  );
}

function lower(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim().toLowerCase() : '';
}

/** Page and Limit as Nova Poshta reads them: strings or numbers, Limit capped. */
function paged<T>(rows: T[], p: Record<string, unknown>, cap: number) {
  const limit = Math.min(Math.max(Number(p.Limit) || cap, 1), cap);
  const page = Math.max(Number(p.Page) || 1, 1);
  return { rows: rows.slice((page - 1) * limit, page * limit) };
}

function isCall(body: unknown): body is { apiKey: string; modelName: string; calledMethod: string; methodProperties?: Record<string, unknown> } {
  return typeof body === 'object' && body !== null && 'modelName' in body && 'calledMethod' in body;
}

/** The record as getWarehouses returns it (most of its fields). */
function fullRecord(s: FakeSettlement, w: FakeWarehouse) {
  return {
    SiteKey: String(10000 + Number(w.Number)),
    Description: w.Description,
    DescriptionRu: w.Description,
    ShortAddress: w.ShortAddress,
    ShortAddressRu: w.ShortAddress,
    Phone: '380800500609',
    TypeOfWarehouse: w.TypeOfWarehouse,
    Ref: w.Ref,
    Number: w.Number,
    CityRef: s.DeliveryCity,
    CityDescription: s.MainDescription,
    CityDescriptionRu: s.MainDescription,
    SettlementRef: s.Ref,
    SettlementDescription: s.MainDescription,
    SettlementAreaDescription: `${s.Area} область`,
    SettlementRegionsDescription: s.Region ? `${s.Region} р-н` : '',
    SettlementTypeDescription: s.SettlementTypeCode === 'м.' ? 'місто' : 'село',
    Longitude: '30.5234',
    Latitude: '50.4501',
    PostFinance: '1',
    POSTerminal: '1',
    TotalMaxWeightAllowed: w.TotalMaxWeightAllowed,
    PlaceMaxWeightAllowed: w.PlaceMaxWeightAllowed,
    SendingLimitationsOnDimensions: { Width: 170, Height: 170, Length: 300 },
    ReceivingLimitationsOnDimensions: { Width: 170, Height: 170, Length: 300 },
    PostalCodeUA: '03115',
    WarehouseStatus: w.WarehouseStatus ?? 'Working',
    WarehouseStatusDate: '2023-01-01 00:00:00',
    CategoryOfWarehouse: w.CategoryOfWarehouse,
    DenyToSelect: w.DenyToSelect ?? '0',
  };
}

function envelope(success: boolean, data: unknown[], extra: { errors?: string[]; errorCodes?: string[]; totalCount?: number } = {}) {
  return {
    success,
    data,
    errors: extra.errors ?? [],
    warnings: [],
    info: success ? { totalCount: extra.totalCount ?? data.length } : [],
    messageCodes: [],
    errorCodes: extra.errorCodes ?? [],
    warningCodes: [],
    infoCodes: [],
  };
}

function unhandled(fake: FakeNovaPoshta, res: ServerResponse, what: string) {
  fake.unhandled.push(what);
  console.error(`fake Nova Poshta: unhandled request ${what}`);
  return sendJson(res, { message: `fake Nova Poshta does not handle ${what}` }, 501);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return null;
  }
}

function send(res: ServerResponse, status: number, body: string, type: string) {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': type });
  res.end(body);
}

function sendJson(res: ServerResponse, body: unknown, status = 200) {
  send(res, status, JSON.stringify(body), 'application/json; charset=utf-8');
}
