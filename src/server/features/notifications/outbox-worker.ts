import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { OutboxMessageRow } from '../../db/schema.js';
import { getSettings } from '../settings/repository.js';
import type { Mailer } from './mailer.js';
import { claimDueMessages, markFailed, markSent, retryDelayMs } from './outbox.js';
import { sendTelegramMessage, type TelegramSettings } from './telegram-client.js';

export interface OutboxWorker {
  /** Sends what is due now; resolves when this round is done. */
  flush(): Promise<{ sent: number; failed: number }>;
  stop(): Promise<void>;
}

const BATCH = 20;

/**
 * Sends the outbox (docs/notifications.md): claims due messages (safe with several instances),
 * sends each, and marks it sent or schedules a retry with back-off. A crash between sending and
 * marking is the one case a notice may go twice; nothing is ever dropped.
 */
export function startOutboxWorker(deps: {
  db: Db;
  mailer: Mailer;
  telegram: TelegramSettings | undefined;
  log: FastifyBaseLogger;
  /** 0: no timer, only flush() (tests). */
  intervalMs: number;
}): OutboxWorker {
  let running: Promise<{ sent: number; failed: number }> | null = null;

  async function send(message: OutboxMessageRow, shop: { name: string; email: string }) {
    if (message.channel === 'email') {
      await deps.mailer.send({
        to: message.recipient,
        subject: message.subject,
        text: message.textBody,
        html: message.htmlBody,
        fromName: shop.name,
        replyTo: shop.email || undefined,
      });
    } else {
      if (!deps.telegram) throw new Error('Telegram is not configured');
      await sendTelegramMessage(deps.telegram, message.recipient, message.textBody);
    }
  }

  async function round() {
    const claimed = await deps.db.transaction((tx) => claimDueMessages(tx, new Date(), BATCH));
    let sent = 0;
    let failed = 0;
    // The shop's name and e-mail as its settings say now (docs/notifications.md).
    const shop = claimed.length ? (await getSettings(deps.db)).shop : { name: '', email: '' };
    for (const message of claimed) {
      try {
        await send(message, shop);
        await markSent(deps.db, message.id, new Date());
        sent++;
      } catch (error) {
        failed++;
        const retryAt = new Date(Date.now() + retryDelayMs(message.attempts));
        deps.log.warn(
          { id: message.id, channel: message.channel, attempts: message.attempts, retryAt, err: (error as Error).message },
          'notice not sent; will retry',
        );
        await markFailed(deps.db, message.id, (error as Error).message, retryAt).catch(() => {});
      }
    }
    return { sent, failed };
  }

  // One round at a time in this process; other instances are kept apart by the claim.
  const flush = () => {
    running ??= round().finally(() => {
      running = null;
    });
    return running;
  };

  const timer =
    deps.intervalMs > 0
      ? setInterval(() => {
          flush().catch((error: Error) => deps.log.warn({ err: error.message }, 'outbox round failed'));
        }, deps.intervalMs)
      : null;
  timer?.unref();

  return {
    flush,
    async stop() {
      if (timer) clearInterval(timer);
      await running?.catch(() => {});
      deps.mailer.close();
    },
  };
}
