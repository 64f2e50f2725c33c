import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { OutboxMessageRow } from '../../db/schema.js';
import { getSettings } from '../settings/index.js';
import type { Mailer } from './mailer.js';
import { outboxFailures } from '../../observability/metrics.js';
import { runPeriodically } from '../../periodic.js';
import { claimDueMessages, markDead, markFailed, markSent, pruneSent, queueMessages, retryDelayMs } from './outbox.js';
import { sendTelegramMessage, type TelegramSettings } from './telegram-client.js';

export interface OutboxWorker {
  /** Sends what is due now; resolves when this round is done. */
  flush(): Promise<{ sent: number; failed: number }>;
  stop(): Promise<void>;
}

const BATCH = 20;
/** Sent notices older than the retention period are deleted at most this often. */
const PRUNE_EVERY_MS = 60 * 60_000;

/**
 * Sends the outbox (docs/notifications.md): claims due messages (safe with several instances),
 * sends each, and marks it sent or schedules a retry with back-off. A crash between sending and
 * marking is the one case a notice may go twice; nothing is ever dropped.
 */
export function startOutboxWorker(deps: {
  db: Db;
  mailer: Mailer;
  telegram: (TelegramSettings & { chatId: string }) | undefined;
  log: FastifyBaseLogger;
  /** OUTBOX_MAX_ATTEMPTS and OUTBOX_RETENTION_DAYS (docs/notifications.md). */
  maxAttempts: number;
  retentionMs: number;
  /** 0: no timer, only flush() (tests). */
  intervalMs: number;
}): OutboxWorker {
  let prunedAt = 0;

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
        outboxFailures.inc({ channel: message.channel });
        const reason = (error as Error).message;
        if (message.attempts >= deps.maxAttempts) {
          await parkAsDead(message, reason).catch((err: Error) => deps.log.warn({ id: message.id, err: err.message }, 'could not park a dead notice'));
          continue;
        }
        const retryAt = new Date(Date.now() + retryDelayMs(message.attempts));
        deps.log.warn({ id: message.id, channel: message.channel, attempts: message.attempts, retryAt, err: reason }, 'notice not sent; will retry');
        await markFailed(deps.db, message.id, reason, retryAt).catch(() => {});
      }
    }
    if (Date.now() - prunedAt >= PRUNE_EVERY_MS) {
      prunedAt = Date.now();
      const pruned = await pruneSent(deps.db, new Date(Date.now() - deps.retentionMs));
      if (pruned > 0) deps.log.info({ pruned }, 'sent notices past their retention deleted');
    }
    return { sent, failed };
  }

  /**
   * No more attempts: the notice waits in the admin's list (GET /api/admin/outbox?state=dead) and,
   * when Telegram is set up, the owner hears of it there (unless Telegram is what failed).
   */
  async function parkAsDead(message: OutboxMessageRow, reason: string) {
    await deps.db.transaction(async (tx) => {
      await markDead(tx, message.id, reason, new Date());
      if (deps.telegram && message.channel !== 'telegram') {
        await queueMessages(tx, [
          {
            channel: 'telegram',
            recipient: deps.telegram.chatId,
            subject: 'Сповіщення не надіслано',
            textBody: `Лист «${message.subject}» для ${message.recipient} не надіслано після ${message.attempts} спроб: ${reason.slice(0, 200)}. Повторити: адмінка → Сповіщення.`,
          },
        ]);
      }
    });
    deps.log.error({ id: message.id, channel: message.channel, attempts: message.attempts, err: reason }, 'notice parked as dead after its last attempt');
  }

  // One round at a time in this process; other instances are kept apart by the claim.
  const rounds = runPeriodically({ name: 'outbox round', everyMs: deps.intervalMs, run: () => round(), log: deps.log });

  return {
    flush: () => rounds.runNow(),
    async stop() {
      await rounds.stop();
      deps.mailer.close();
    },
  };
}
