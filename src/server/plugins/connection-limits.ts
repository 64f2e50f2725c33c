import type { Server } from 'node:http';

export interface ConnectionLimits {
  /** Open connections the process takes; more wait in the kernel's queue or are refused. */
  total: number;
  /** Open connections one client address may hold (behind a proxy, the proxy's address: docs/deploy.md). */
  perAddress: number;
}

/**
 * A flood of idle connections from one address cannot use up the process's file descriptors
 * (docs/deploy.md, "Connections"): past its share an address's new connection is closed at once,
 * and a connection that sends no complete request in time is closed by the server's timeouts.
 */
export function limitConnections(server: Server, limits: ConnectionLimits): void {
  server.maxConnections = limits.total;
  // Headers must arrive within 10 s of the connection (or of the request before it on a kept-alive one).
  server.headersTimeout = 10_000;
  server.keepAliveTimeout = 5_000;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > limits.perAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
