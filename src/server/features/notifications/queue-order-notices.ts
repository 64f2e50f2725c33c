import { paths } from '../../../shared/routes.js';
import type { Tx } from '../../db/client.js';
import type { OrderRow } from '../../db/schema.js';
import { findOrderItems } from '../orders/index.js';
import { getSettings } from '../settings/index.js';
import { findUserById } from '../users/index.js';
import { orderNotices, shopNotices, type OrderEvent, type ShopContacts, type ShopNotice } from './order-notices.js';
import { queueMessages } from './outbox.js';
import { mayMail, type RecipientCap } from './recipient-cap.js';

/** Who hears of orders, from the configuration (docs/notifications.md). */
export interface NoticeSettings {
  siteUrl: string;
  shopNotifyEmail: string | undefined;
  telegramChatId: string | undefined;
  /** How many guest-order letters and reset letters one address may get a day (recipient-cap.ts). */
  recipientCap: RecipientCap;
}

export function noticeSettingsOf(
  config: {
    siteUrl: string;
    mail: { shopNotifyEmail: string | undefined; perRecipientPerDay: number };
    telegram: { chatId: string } | undefined;
  },
  log?: RecipientCap['log'],
): NoticeSettings {
  return {
    siteUrl: config.siteUrl,
    shopNotifyEmail: config.mail.shopNotifyEmail,
    telegramChatId: config.telegram?.chatId,
    recipientCap: { perDay: config.mail.perRecipientPerDay, log },
  };
}

/** The shop's name, contacts and transfer details from its settings (docs/settings.md), as the letters show them. */
async function shopContacts(tx: Tx): Promise<ShopContacts> {
  const { shop, transfer } = await getSettings(tx);
  return { ...shop, transfer };
}

/** The shopper's way back to the order: their account's page, or a guest's secret link while it is known. */
function customerOrderUrl(siteUrl: string, order: OrderRow, guestAccessToken: string | undefined): string | null {
  if (guestAccessToken) return `${siteUrl}${paths.guestOrder(guestAccessToken)}`;
  return order.userId ? `${siteUrl}${paths.order(order.id)}` : null;
}

/**
 * Queues the notices of an order event inside the caller's transaction. A guest's order is reached
 * only through the secret link made when it is placed (docs/notifications.md): the letter on placing
 * carries it; later letters to a guest go without a link to the order.
 */
export async function queueOrderNotices(tx: Tx, settings: NoticeSettings, event: OrderEvent, order: OrderRow, guestAccessToken?: string): Promise<void> {
  // One statement at a time: a transaction runs on a single connection.
  const items = await findOrderItems(tx, order.id);
  const customer = order.userId ? await findUserById(tx, order.userId) : null;
  const shop = await shopContacts(tx);
  let customerEmail: string | null = customer?.email ?? order.guestEmail ?? null;
  // A guest's order can name any address: its confirmation counts against that address's daily cap.
  if (customerEmail && !order.userId && event === 'placed' && !(await mayMail(tx, settings.recipientCap, customerEmail, 'guest-order'))) customerEmail = null;
  await queueMessages(
    tx,
    orderNotices(event, order, items, shop, {
      customerEmail,
      shopEmail: settings.shopNotifyEmail ?? (shop.email || null),
      telegramChatId: settings.telegramChatId ?? null,
      siteUrl: settings.siteUrl,
      customerOrderUrl: customerOrderUrl(settings.siteUrl, order, guestAccessToken),
    }).map((message) => ({ ...message, holdsSecret: guestAccessToken !== undefined && message.textBody.includes(guestAccessToken) })),
  );
}

/** Queues a notice for the shop alone (its e-mail and Telegram) inside the caller's transaction. */
export async function queueShopNotice(tx: Tx, settings: NoticeSettings, order: OrderRow, notice: ShopNotice): Promise<void> {
  const shop = await shopContacts(tx);
  await queueMessages(
    tx,
    shopNotices(
      order,
      shop,
      { shopEmail: settings.shopNotifyEmail ?? (shop.email || null), telegramChatId: settings.telegramChatId ?? null, siteUrl: settings.siteUrl },
      notice,
    ),
  );
}
