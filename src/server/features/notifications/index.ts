/** Notifications (docs/notifications.md): letters and Telegram notices queued in the caller's transaction and sent by the outbox worker. */
export { createMailer } from './mailer.js';
export { type OrderEvent } from './order-notices.js';
export { type OutboxWorker, startOutboxWorker } from './outbox-worker.js';
export { type NewOutboxMessage, outboxCounts, queueMessages, retryDelayMs } from './outbox.js';
export { type NoticeSettings, noticeSettingsOf, queueOrderNotices, queueShopNotice } from './queue-order-notices.js';
export { mayMail, type RecipientCap } from './recipient-cap.js';
export { outboxAdminRoutes } from './admin-routes.js';
