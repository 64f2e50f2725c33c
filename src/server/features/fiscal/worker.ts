import type { FastifyBaseLogger } from 'fastify';
import { formatUahMinor } from '../../../shared/pricing.js';
import { paths } from '../../../shared/routes.js';
import { SHOP_TIME_ZONE } from '../../../shared/time-zone.js';
import type { CheckboxConfig } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import type { FiscalReceiptRow } from '../../db/schema.js';
import { escapeHtml } from '../../html.js';
import { runPeriodically } from '../../periodic.js';
import { queueMessages, retryDelayMs } from '../notifications/index.js';
import { findOrder, findShopperEmail } from '../orders/index.js';
import { getSettings } from '../settings/index.js';
import { CheckboxClient, CheckboxRefusal, type CheckboxClientOptions } from './checkbox-client.js';
import {
  claimDueReceipts,
  claimShiftClose,
  findReceiptsOfOrder,
  markFailed,
  markIssued,
  markRetry,
  markShiftClosed,
  markShiftCloseFailed,
} from './repository.js';
import { checkboxBodyOf } from './service.js';

export interface FiscalWorker {
  /** Issues what is due now; resolves when this round is done. */
  flush(now?: Date): Promise<{ issued: number; failed: number; retried: number }>;
  /** Closes the day's shift with a Z-report once the closing hour (Kyiv) has come; once a day. */
  closeShiftIfDue(now?: Date): Promise<'closed' | 'not-due' | 'taken' | 'no-shift'>;
  stop(): Promise<void>;
}

const BATCH = 20;
/** A receipt Checkbox is still signing is read again soon, not after the full back-off. */
const STILL_SIGNING_MS = 30_000;
/** Another instance's Z-report claim runs out after this; a failed one is tried again after it. */
const CLOSE_CLAIM_MS = 5 * 60_000;

/**
 * Issues owed receipts through Checkbox (docs/fiscal.md), as the outbox worker sends notices:
 * claims due rows (safe with several instances), issues each under the id derived from its payment,
 * and marks it issued or schedules a retry with back-off. A Checkbox outage or timeout only delays
 * a receipt; the derived id keeps a retry from ever issuing a second one.
 */
export function startFiscalWorker(deps: {
  db: Db;
  checkbox: CheckboxConfig;
  log: FastifyBaseLogger;
  siteUrl: string;
  /** 0: no timer, only flush() and closeShiftIfDue() (tests). */
  intervalMs: number;
  client?: CheckboxClientOptions;
}): FiscalWorker {
  const client = new CheckboxClient(deps.checkbox, deps.client);

  async function issue(row: FiscalReceiptRow, now: Date): Promise<'issued' | 'failed' | 'retried'> {
    try {
      if (row.kind === 'return' && !(await findReceiptsOfOrder(deps.db, row.orderId)).some((r) => r.kind === 'sell' && r.state === 'issued')) {
        await markRetry(deps.db, row.id, 'чек продажу ще не видано', new Date(now.getTime() + retryDelayMs(row.attempts)));
        return 'retried';
      }
      await client.ensureOpenShift();
      const receipt = await client.issueReceipt(row.checkboxReceiptId, checkboxBodyOf(row));
      if (receipt.status === 'ERROR') {
        await markFailed(deps.db, row.id, 'Checkbox не зміг фіскалізувати чек (статус ERROR)');
        return 'failed';
      }
      if (receipt.status !== 'DONE') {
        await markRetry(deps.db, row.id, `Checkbox ще обробляє чек (${receipt.status})`, new Date(now.getTime() + STILL_SIGNING_MS));
        return 'retried';
      }
      const publicUrl = client.publicUrl(row.checkboxReceiptId);
      await deps.db.transaction(async (tx) => {
        const issued = await markIssued(tx, row.id, { fiscalCode: receipt.fiscal_code ?? null, publicUrl, at: new Date() });
        if (issued) await queueReceiptLetter(tx, issued, deps.siteUrl);
      });
      return 'issued';
    } catch (error) {
      const message = (error as Error).message;
      // 422: Checkbox refuses the receipt itself; sending it again would be refused again.
      if (error instanceof CheckboxRefusal && error.status === 422) {
        deps.log.error({ id: row.id, orderId: row.orderId, err: message }, 'fiscal receipt refused by Checkbox');
        await markFailed(deps.db, row.id, message).catch(() => {});
        return 'failed';
      }
      const retryAt = new Date(now.getTime() + retryDelayMs(row.attempts));
      deps.log.warn({ id: row.id, orderId: row.orderId, attempts: row.attempts, retryAt, err: message }, 'fiscal receipt not issued; will retry');
      await markRetry(deps.db, row.id, message, retryAt).catch(() => {});
      return 'retried';
    }
  }

  async function round(now: Date) {
    const claimed = await deps.db.transaction((tx) => claimDueReceipts(tx, now, BATCH));
    const counts = { issued: 0, failed: 0, retried: 0 };
    for (const row of claimed) counts[await issue(row, now)]++;
    return counts;
  }

  // One round at a time in this process; other instances are kept apart by the claim.
  const receipts = runPeriodically({ name: 'fiscal round', everyMs: deps.intervalMs, run: round, log: deps.log });

  async function closeShiftIfDue(now = new Date()) {
    const { day, hour } = kyivClock(now);
    if (hour < deps.checkbox.shiftCloseHour) return 'not-due' as const;
    if (!(await deps.db.transaction((tx) => claimShiftClose(tx, day, now, CLOSE_CLAIM_MS)))) return 'taken' as const;
    try {
      const closed = await client.closeShift();
      await markShiftClosed(deps.db, day, new Date());
      if (closed) deps.log.info({ day }, 'Checkbox shift closed with a Z-report');
      return closed ? ('closed' as const) : ('no-shift' as const);
    } catch (error) {
      deps.log.warn({ day, err: (error as Error).message }, 'Checkbox shift not closed; will retry');
      await markShiftCloseFailed(deps.db, day, (error as Error).message, new Date(now.getTime() + CLOSE_CLAIM_MS)).catch(() => {});
      throw error;
    }
  }

  // Its failure is logged with the day by closeShiftIfDue itself; the next tick tries again.
  const shiftClose = runPeriodically({
    name: 'Checkbox shift close',
    everyMs: deps.intervalMs,
    run: (now) => closeShiftIfDue(now).catch(() => 'failed' as const),
    log: deps.log,
  });

  return {
    flush: (now) => receipts.runNow(now),
    closeShiftIfDue,
    async stop() {
      await Promise.all([receipts.stop(), shiftClose.stop()]);
    },
  };
}

const kyivParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});

/** The date ("2026-11-25") and hour (0–23) in Kyiv: the shift's day is the cash register's day. */
export function kyivClock(now: Date): { day: string; hour: number } {
  const parts = Object.fromEntries(kyivParts.formatToParts(now).map((part) => [part.type, part.value]));
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/** "Ваш фіскальний чек": the shopper's letter with the receipt's link, through the outbox. */
async function queueReceiptLetter(tx: Tx, receipt: FiscalReceiptRow, siteUrl: string): Promise<void> {
  const order = await findOrder(tx, receipt.orderId);
  const email = order ? await findShopperEmail(tx, order) : null;
  if (!order || !email || !receipt.publicUrl) return;
  const { shop } = await getSettings(tx);
  const what = receipt.kind === 'sell' ? `оплату замовлення №${order.number}` : `повернення за замовленням №${order.number}`;
  const lines = [
    `Вітаємо, ${order.recipientName}!`,
    `Ваш фіскальний чек на ${what}: ${formatUahMinor(receipt.totalMinor)}${receipt.fiscalCode ? `, фіскальний номер ${receipt.fiscalCode}` : ''}.`,
  ];
  const orderUrl = order.userId ? `${siteUrl}${paths.order(order.id)}` : null;
  await queueMessages(tx, [
    {
      channel: 'email',
      recipient: email,
      orderId: order.id,
      subject: `Ваш фіскальний чек — замовлення №${order.number}`,
      textBody: [...lines, '', `Чек: ${receipt.publicUrl}`, ...(orderUrl ? [`Замовлення: ${orderUrl}`] : []), '', '—', shop.name].join('\n'),
      htmlBody: `<!doctype html><html lang="uk"><body style="font-family:Arial,sans-serif;color:#1f2a1f;line-height:1.5">
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(receipt.publicUrl)}">Переглянути чек</a>${orderUrl ? ` · <a href="${escapeHtml(orderUrl)}">Замовлення на сайті</a>` : ''}</p>
<hr><p style="color:#6c757d">${escapeHtml(shop.name)}</p>
</body></html>`,
    },
  ]);
}
