import { createServer, request, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { limitConnections } from './connection-limits.js';

/** Connection caps (docs/deploy.md, "Connections"): loopback addresses stand for two clients. */

let server: Server;
afterEach(() => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))));

async function start(perAddress: number): Promise<number> {
  server = createServer((_req, res) => res.end('ok'));
  limitConnections(server, { total: 1_000, perAddress });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** An idle connection from `from`: connected and kept, sending nothing. */
const idle = (port: number, from: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: from }, () => resolve(socket));
    socket.once('error', reject);
  });

const closedByServer = (socket: Socket) =>
  new Promise<boolean>((resolve) => (socket.once('close', () => resolve(true)), setTimeout(() => resolve(false), 1_000)));

const get = (port: number, from: string) =>
  new Promise<string>((resolve, reject) => {
    request({ port, host: '127.0.0.1', localAddress: from, path: '/', agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve(body));
    })
      .on('error', reject)
      .end();
  });

test('an address flooding idle connections is refused past its share; another address is still served', async () => {
  const port = await start(5);
  const flood = await Promise.all(Array.from({ length: 5 }, () => idle(port, '127.0.0.1')));
  const extra = await idle(port, '127.0.0.1');
  expect(await closedByServer(extra)).toBe(true);
  // Another shopper, from another address, gets the page.
  expect(await get(port, '127.0.0.2')).toBe('ok');
  // One of the flood's connections closed: that address may connect once more.
  flood[0].destroy();
  await new Promise((resolve) => setTimeout(resolve, 100));
  const again = await idle(port, '127.0.0.1');
  expect(await closedByServer(again)).toBe(false);
  for (const socket of [...flood, again]) socket.destroy();
});

test('the process cap and the header time limit are set on the server', async () => {
  await start(5);
  expect(server.maxConnections).toBe(1_000);
  expect(server.headersTimeout).toBe(10_000);
  expect(server.keepAliveTimeout).toBe(5_000);
});
