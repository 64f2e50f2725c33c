/** What other features show of the back office: a product's or an order's history of changes. */
export { default as AuditHistory } from './audit-history';
