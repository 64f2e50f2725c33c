import type { Server } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';

/** Starts a fake on a free local port: its origin, and a close that ends kept-alive connections too. */
export async function listenLocally(server: Server): Promise<{ origin: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A local port that was free a moment ago: for a server of the tests to listen on. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The same port left alone accepts nothing: a service configured but unreachable. */
export const closedPort = freePort;
