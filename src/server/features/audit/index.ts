import { AsyncLocalStorage } from 'node:async_hooks';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUDIT_PAGE_SIZE, AuditListSchema, AuditQuerySchema, type AuditEntry, type AuditList, type AuditQuery } from '../../../shared/back-office.js';
import type { Db, Tx } from '../../db/client.js';
import { auditLog, type AuditLogRow } from '../../db/schema.js';
import { adminOnly } from '../../plugins/auth.js';

/**
 * The audit trail (docs/back-office.md, docs/decisions/022-audit-trail-by-triggers.md). Triggers
 * record every change an admin's request makes to the audited tables, in that write's own
 * transaction; they know the admin from the transaction's `shop.audit_actor` setting, which every
 * transaction opened while serving an admin's write carries. A feature whose table the triggers do
 * not watch records its own entries with recordAudit.
 */

export interface AuditActor {
  id: string;
  name: string;
}

const currentActor = new AsyncLocalStorage<AuditActor>();

/** Runs `work` as the admin's: every transaction it opens names them to the audit triggers. */
export function asAuditActor<T>(actor: AuditActor, work: () => T): T {
  return currentActor.run(actor, work);
}

/**
 * Makes every transaction of `db` opened as an admin's (asAuditActor) start by naming the admin,
 * locally to that transaction. Nested transactions are savepoints of it and carry the name too.
 */
export function nameAuditActorInTransactions(db: Db): void {
  const transaction = db.transaction.bind(db);
  db.transaction = ((work: Parameters<Db['transaction']>[0], config?: Parameters<Db['transaction']>[1]) => {
    // Read now: the driver's callbacks may not run in the caller's async context.
    const actor = currentActor.getStore();
    if (!actor) return transaction(work, config);
    return transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('shop.audit_actor', ${JSON.stringify(actor)}, true)`);
      return work(tx);
    }, config);
  }) as Db['transaction'];
}

/**
 * Every write (not GET/HEAD) by a signed-in admin runs as theirs. The route's guard has already
 * read the session by preHandler time; routes without one are the shoppers' and stay unnamed.
 */
export function registerAuditActor(app: FastifyInstance): void {
  nameAuditActorInTransactions(app.db);
  app.addHook('preHandler', (request, _reply, done) => {
    const user = request.sessionUser;
    if (request.method === 'GET' || request.method === 'HEAD' || !user?.isAdmin) return done();
    asAuditActor({ id: user.id, name: user.name }, done);
  });
}

export interface AuditRecord {
  entity: string;
  entityId: string;
  action: string;
  subject?: string | null;
  /** Only the fields that changed, before and after. */
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  /** By default the admin the transaction names (asAuditActor); none: nothing is recorded. */
  actor?: AuditActor;
}

/**
 * Records one entry inside the caller's transaction, for changes the triggers do not see (a
 * feature's own tables). Outside an admin's request and without `actor` it records nothing.
 */
export async function recordAudit(tx: Tx, entry: AuditRecord): Promise<void> {
  const actor = entry.actor ?? currentActor.getStore();
  if (!actor) return;
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorName: actor.name,
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    subject: entry.subject ?? null,
    before: entry.before ?? {},
    after: entry.after ?? {},
  });
}

const toEntry = (row: AuditLogRow): AuditEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  actor: { id: row.actorId, name: row.actorName },
  entity: row.entity,
  entityId: row.entityId,
  action: row.action,
  subject: row.subject,
  before: row.before,
  after: row.after,
});

/** Newest first, a page at a time. */
export async function listAudit(tx: Tx, query: AuditQuery): Promise<AuditList> {
  const { page } = query;
  const filters: SQL[] = [];
  if (query.entity) filters.push(eq(auditLog.entity, query.entity));
  if (query.id) filters.push(eq(auditLog.entityId, query.id));
  if (query.actor) filters.push(eq(auditLog.actorId, query.actor));
  const where = filters.length ? and(...filters) : undefined;
  const rows = await tx
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  const [{ total }] = await tx.select({ total: count() }).from(auditLog).where(where);
  return { entries: rows.map(toEntry), page, pages: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)) };
}

/** GET /api/admin/audit: read only; the trail has no route that changes it, and a trigger refuses it. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/audit', { onRequest: adminOnly, schema: { querystring: AuditQuerySchema, response: { 200: AuditListSchema } } }, async (request) =>
    listAudit(app.db, request.query),
  );
};
