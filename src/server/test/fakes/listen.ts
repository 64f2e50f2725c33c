import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

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
