import { mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sleep, startShop, type ShopProcess } from './harness';

/**
 * A flood of idle connections (docs/deploy.md, "Connections"): one loopback address opens far more
 * connections than MAX_CONNECTIONS_PER_ADDRESS and keeps reopening those the shop closes, while a
 * shopper from another address browses. The shopper is served promptly; the flood holds no more
 * than its share. Bounded: a few thousand sockets for ten seconds, all closed at the end.
 */
const PER_ADDRESS = 256;
const FLOOD = 3_000;
const FLOOD_MS = 10_000;
const ATTACKER = '127.0.0.2';

describe('a flood of idle connections from one address', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-fault-flood-'));
  let shop: ShopProcess;
  const sockets = new Set<Socket>();

  beforeAll(async () => {
    shop = await startShop(
      { DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'false', MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS) },
      { timeoutMs: 170_000 },
    );
  });

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await shop?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const port = () => Number(new URL(shop.url).port);
  /** Sockets the shop's process holds open: the file descriptors a flood would use up. */
  const shopSockets = () =>
    readdirSync(`/proc/${shop.child.pid}/fd`).filter((fd) => {
      try {
        return readlinkSync(`/proc/${shop.child.pid}/fd/${fd}`).startsWith('socket:');
      } catch {
        return false;
      }
    }).length;

  /** One page as a browser from 127.0.0.1 asks it, on a connection of its own; its time in ms. */
  const shopperGet = (path: string) =>
    new Promise<{ status: number; ms: number }>((resolve, reject) => {
      const started = performance.now();
      const req = request({ host: '127.0.0.1', port: port(), path, localAddress: '127.0.0.1', agent: false, timeout: 10_000 }, (res) => {
        res.resume();
        res.once('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      });
      req.once('timeout', () => req.destroy(new Error(`no answer to ${path} in 10 s`)));
      req.once('error', reject);
      req.end();
    });

  test('the shopper from another address is served promptly; the flood holds at most its share', async () => {
    // The pages once before, so their first render is not counted as the flood's doing.
    const paths = ['/api/health', '/api/products', '/api/settings'];
    for (const path of paths) expect((await shopperGet(path)).status).toBe(200);
    const socketsBefore = shopSockets();
    let flooding = true;
    let opened = 0;
    let closedByShop = 0;
    // The attacker comes straight back, at most a hundred connections every 100 ms, so the loop stays bounded.
    let reopen = 0;
    const refill = setInterval(() => {
      const now = Math.min(reopen, 100);
      reopen -= now;
      for (let i = 0; i < now; i++) open();
    }, 100);
    const open = () => {
      if (!flooding) return;
      const socket = connect({ host: '127.0.0.1', port: port(), localAddress: ATTACKER });
      opened++;
      sockets.add(socket);
      socket.on('error', () => {});
      socket.once('close', () => {
        sockets.delete(socket);
        if (!flooding) return;
        closedByShop++;
        reopen++;
      });
    };
    for (let i = 0; i < FLOOD; i++) {
      open();
      if (i % 200 === 0) await sleep(10);
    }

    const answers: { status: number; ms: number }[] = [];
    const floodEnds = Date.now() + FLOOD_MS;
    let heldByFlood = 0;
    while (Date.now() < floodEnds) {
      for (const path of paths) answers.push(await shopperGet(path));
      heldByFlood = Math.max(heldByFlood, shopSockets() - socketsBefore);
      await sleep(200);
    }
    flooding = false;
    clearInterval(refill);
    for (const socket of sockets) socket.destroy();
    sockets.clear();

    const slowest = Math.max(...answers.map((a) => a.ms));
    console.log(
      `flood: ${opened} connections opened from ${ATTACKER}, ${closedByShop} closed by the shop; ` +
        `at most ${heldByFlood} sockets held by the shop; shopper: ${answers.length} answers, slowest ${Math.round(slowest)} ms`,
    );
    expect(opened).toBeGreaterThan(PER_ADDRESS * 4);
    expect(closedByShop).toBeGreaterThan(FLOOD - PER_ADDRESS * 2);
    // Its share, and a few the shop has accepted and is closing.
    expect(heldByFlood).toBeLessThan(PER_ADDRESS + 64);
    expect(answers.length).toBeGreaterThan(10);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // Promptly: even on a loaded 2-core machine, a page in under two seconds.
    expect(slowest).toBeLessThan(2_000);
    expect(shop.child.exitCode, shop.output()).toBeNull();
    expect((await shopperGet('/api/health')).status).toBe(200);
  });
});
