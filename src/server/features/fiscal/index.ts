/**
 * Fiscal receipts through Checkbox (docs/fiscal.md): what the rest of the shop may use. Orders owe a
 * sale receipt when they become paid; refunds owe a return receipt; the worker issues them; a
 * packing slip prints the issued sale receipt's link, and the orders' export its fiscal code.
 */
export { queueSellReceipt, issueReturnReceipt, type ReturnLine } from './service.js';
export { findIssuedSaleReceiptCodes, findIssuedSaleReceiptUrls } from './repository.js';
export { startFiscalWorker, type FiscalWorker } from './worker.js';
export { fiscalRoutes } from './routes.js';
import type { Tx } from '../../db/client.js';
import type { FiscalReceipt } from '../../../shared/fiscal.js';
import { findReceiptsOfOrder } from './repository.js';
import { receiptJson } from './service.js';

/** An order's receipts as the order JSON shows them. */
export async function orderReceipts(tx: Tx, orderId: string): Promise<FiscalReceipt[]> {
  return (await findReceiptsOfOrder(tx, orderId)).map(receiptJson);
}
