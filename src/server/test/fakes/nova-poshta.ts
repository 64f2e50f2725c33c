import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Nova Poshta JSON API: `POST /v2.0/json/` with `{ apiKey, modelName, calledMethod,
 * methodProperties }`, answering in its real envelope. Only AddressGeneral.getWarehouses is known;
 * anything else is recorded in `unhandled`, logged, and answered 501 so the test fails loudly.
 */

export interface FakeWarehouse {
  Ref: string;
  Number: string;
  Description: string;
}

export type FakeNovaPoshtaMode = 'ok' | 'refuse' | 'http-error' | 'garbage' | 'slow';

export interface FakeNovaPoshta {
  url: string;
  apiKey: string;
  /** Bodies of every getWarehouses call, in order. */
  calls: { apiKey: string; CityName: string }[];
  unhandled: string[];
  mode: FakeNovaPoshtaMode;
  /** How long 'slow' waits before answering. */
  slowMs: number;
  close(): Promise<void>;
}

const PATH = '/v2.0/json/';

/** A few branches per city, as Nova Poshta describes them. */
export const FAKE_WAREHOUSES: Record<string, FakeWarehouse[]> = {
  Київ: [
    warehouse('1', 'Відділення №1: вул. Пирогівський шлях, 135'),
    warehouse('7', 'Відділення №7 (до 30 кг): вул. Хрещатик, 22'),
    warehouse('31', 'Відділення №31 (до 30 кг): просп. Берестейський, 84'),
  ],
  Житомир: [warehouse('2', 'Відділення №2: вул. Київська, 77')],
  Буча: [],
};

function warehouse(number: string, description: string): FakeWarehouse {
  return { Ref: randomUUID(), Number: number, Description: description };
}

export async function startFakeNovaPoshta(options: { apiKey?: string; warehouses?: Record<string, FakeWarehouse[]> } = {}): Promise<FakeNovaPoshta> {
  const warehouses = options.warehouses ?? FAKE_WAREHOUSES;
  const fake: FakeNovaPoshta = {
    url: '',
    apiKey: options.apiKey ?? 'fake-nova-poshta-key',
    calls: [],
    unhandled: [],
    mode: 'ok',
    slowMs: 6_000,
    close: async () => {},
  };

  const server = createServer(async (req, res) => {
    const body = await readJson(req);
    if (req.method !== 'POST' || req.url !== PATH || !isCall(body)) {
      return unhandled(fake, res, `${req.method} ${req.url} ${JSON.stringify(body)}`);
    }
    if (body.modelName !== 'AddressGeneral' || body.calledMethod !== 'getWarehouses') {
      return unhandled(fake, res, `${body.modelName}.${body.calledMethod}`);
    }
    const cityName = String(body.methodProperties?.CityName ?? '');
    fake.calls.push({ apiKey: body.apiKey, CityName: cityName });

    if (fake.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, fake.slowMs));
    if (fake.mode === 'http-error') return send(res, 500, '<html><body>Internal Server Error</body></html>', 'text/html');
    if (fake.mode === 'garbage') return send(res, 200, 'not json at all', 'application/json');
    if (fake.mode === 'refuse' || body.apiKey !== fake.apiKey) {
      return sendJson(res, envelope(false, [], { errors: ['API key is invalid'], errorCodes: ['20000200039'] }));
    }
    // Nova Poshta matches the city by name; '@' (no city) finds nothing useful.
    const list = cityName === '@' ? [] : (warehouses[cityName] ?? []);
    return sendJson(res, envelope(true, list.map(fullRecord)));
  });
  // A slow answer must not keep the test run open.
  server.keepAliveTimeout = 100;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${PATH}`;
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

function isCall(body: unknown): body is { apiKey: string; modelName: string; calledMethod: string; methodProperties?: Record<string, unknown> } {
  return typeof body === 'object' && body !== null && 'modelName' in body && 'calledMethod' in body;
}

/** The record as getWarehouses returns it (most fields; the shop reads Ref, Number, Description). */
function fullRecord(w: FakeWarehouse) {
  return {
    SiteKey: String(10000 + Number(w.Number)),
    Description: w.Description,
    DescriptionRu: w.Description,
    ShortAddress: w.Description.split(': ')[1] ?? w.Description,
    Phone: '380800500609',
    TypeOfWarehouse: '9a68df70-0267-42a8-bb5c-37f427e36ee4',
    Ref: w.Ref,
    Number: w.Number,
    CityRef: '8d5a980d-391c-11dd-90d9-001a92567626',
    CityDescription: 'Київ',
    PostalCodeUA: '03115',
    WarehouseStatus: 'Working',
    CategoryOfWarehouse: 'Branch',
    TotalMaxWeightAllowed: '0',
    PlaceMaxWeightAllowed: '30',
  };
}

function envelope(success: boolean, data: unknown[], extra: { errors?: string[]; errorCodes?: string[] } = {}) {
  return {
    success,
    data,
    errors: extra.errors ?? [],
    warnings: [],
    info: success ? { totalCount: data.length } : [],
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
