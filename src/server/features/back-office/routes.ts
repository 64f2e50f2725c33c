import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CustomerDetailSchema,
  CustomerIdSchema,
  CustomerListQuerySchema,
  CustomerListSchema,
  DashboardQuerySchema,
  DashboardSchema,
  type DashboardPeriod,
} from '../../../shared/back-office.js';
import { adminOnly } from '../../plugins/auth.js';
import { listCustomers, requireCustomer } from './customers.js';
import { getDashboard } from './dashboard.js';

/** The owner's back office (docs/back-office.md): the dashboard and the customers; admins only. */
export const backOfficeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/dashboard',
    { onRequest: adminOnly, schema: { querystring: DashboardQuerySchema, response: { 200: DashboardSchema } } },
    async (request) => getDashboard(app.db, request.query.days as DashboardPeriod),
  );

  app.get(
    '/api/admin/customers',
    { onRequest: adminOnly, schema: { querystring: CustomerListQuerySchema, response: { 200: CustomerListSchema } } },
    async (request) => listCustomers(app.db, request.query.q, request.query.page),
  );

  app.get(
    '/api/admin/customers/:id',
    { onRequest: adminOnly, schema: { params: CustomerIdSchema, response: { 200: CustomerDetailSchema } } },
    async (request) => requireCustomer(app.db, request.params.id),
  );
};
