import { createServer } from 'node:http';
import { listenLocally } from './listen.js';

/**
 * The NBU's exchange-rate JSON (`/NBUStatService/v1/statdirectory/exchange?valcode=USD&json`), answering
 * `[{"r030":840,"txt":"Долар США","rate":41.2345,"cc":"USD","exchangedate":"22.11.2026"}]`, or on
 * purpose: never answering (`timeout`), answering garbage, or a 500.
 */
export interface FakeNbu {
  url: string;
  rate: number;
  mode: 'ok' | 'timeout' | 'garbage' | 'error';
  requests: number;
  close(): Promise<void>;
}

export async function startFakeNbu(): Promise<FakeNbu> {
  const fake: FakeNbu = { url: '', rate: 41.2345, mode: 'ok', requests: 0, close: async () => {} };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/NBUStatService/v1/statdirectory/exchange') {
      res.writeHead(404).end();
      return;
    }
    fake.requests++;
    if (fake.mode === 'timeout') return; // the connection just hangs
    if (fake.mode === 'error') {
      res.writeHead(500, { 'content-type': 'text/html' }).end('<html><body>Internal Server Error</body></html>');
      return;
    }
    const body =
      fake.mode === 'garbage'
        ? '<html>Технічні роботы</html>'
        : JSON.stringify([{ r030: 840, txt: 'Долар США', rate: fake.rate, cc: url.searchParams.get('valcode') ?? 'USD', exchangedate: '22.11.2026' }]);
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
  });
  const { origin, close } = await listenLocally(server);
  fake.url = `${origin}/NBUStatService/v1/statdirectory/exchange?valcode=USD&json`;
  fake.close = close;
  return fake;
}
