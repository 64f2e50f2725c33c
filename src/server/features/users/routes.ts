import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema } from '../../../shared/products.js';
import { AdminUserUpdateSchema, LoginSchema, MessageSchema, ProfileUpdateSchema, RegisterSchema, UserInfoSchema } from '../../../shared/users.js';
import { AppError } from '../../errors.js';
import { adminOnly, endSession, getSessionUser, requireAdmin, requireUser, signedIn, startSession } from '../../plugins/auth.js';
import { createAuthLimiter } from './rate-limit.js';
import * as service from './service.js';

/** Accounts and user administration (docs/api.md). */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = createAuthLimiter(app);
  const user = { 200: UserInfoSchema };

  /** Runs an attempt; a refused one (wrong password, taken e-mail) counts against the e-mail. */
  async function attempt<T>(request: Parameters<typeof limiter.recordFailure>[0], email: string, run: () => Promise<T>) {
    try {
      return await run();
    } catch (error) {
      if (error instanceof AppError && (error.statusCode === 401 || error.statusCode === 409)) {
        await limiter.recordFailure(request, email);
      }
      throw error;
    }
  }

  app.post('/api/users', { schema: { body: RegisterSchema, response: { 201: UserInfoSchema } }, onRequest: limiter.perIp }, async (request, reply) => {
    const { email } = request.body;
    await limiter.checkEmail(request, reply, email);
    const created = await attempt(request, email, () => service.registerUser(app.db, request.body));
    await startSession(request, reply, created);
    return reply.status(201).send(service.toUserInfo(created));
  });

  app.post('/api/users/auth', { schema: { body: LoginSchema, response: user }, onRequest: limiter.perIp }, async (request, reply) => {
    const { email } = request.body;
    await limiter.checkEmail(request, reply, email);
    await limiter.checkAccount(request, email);
    const signedInUser = await attempt(request, email, () =>
      service.authenticate(app.db, request.body).catch(async (error: unknown) => {
        if (error instanceof AppError && error.statusCode === 401) await limiter.recordAccountFailure(request, email);
        throw error;
      }),
    );
    await startSession(request, reply, signedInUser);
    limiter.trustDevice(reply, signedInUser.email);
    return service.toUserInfo(signedInUser);
  });

  // Works without a session too: the cookie is cleared either way.
  app.post('/api/users/logout', { schema: { response: { 200: MessageSchema } } }, async (request, reply) => {
    const current = await getSessionUser(request);
    if (current) await service.revokeSessions(app.db, current.id);
    endSession(reply);
    return { message: 'Ви вийшли з облікового запису' };
  });

  app.get('/api/users/profile', { schema: { response: user }, onRequest: signedIn }, async (request) => service.toUserInfo(await requireUser(request)));

  app.put('/api/users/profile', { schema: { body: ProfileUpdateSchema, response: user }, onRequest: signedIn }, async (request, reply) => {
    const current = await requireUser(request);
    // Guessing the current password through a stolen session is braked like sign-in guesses.
    await limiter.checkEmail(request, reply, current.email);
    const updated = await service.updateProfile(app.db, current, request.body).catch(async (error) => {
      if (error instanceof AppError && error.code === 'WRONG_CURRENT_PASSWORD') await limiter.recordFailure(request, current.email);
      throw error;
    });
    // A fresh cookie: after a password change the old one is dead, and this user stays signed in.
    await startSession(request, reply, updated);
    return service.toUserInfo(updated);
  });

  app.get('/api/users', { schema: { response: { 200: z.array(UserInfoSchema) } }, onRequest: adminOnly }, async () => service.listUsers(app.db));

  app.get('/api/users/:id', { schema: { params: IdParamsSchema, response: user }, onRequest: adminOnly }, async (request) =>
    service.toUserInfo(await service.requireUserById(app.db, request.params.id)),
  );

  app.put('/api/users/:id', { schema: { params: IdParamsSchema, body: AdminUserUpdateSchema, response: user }, onRequest: adminOnly }, async (request) =>
    service.toUserInfo(await service.updateUserByAdmin(app.db, request.params.id, request.body)),
  );

  app.delete('/api/users/:id', { schema: { params: IdParamsSchema, response: { 200: MessageSchema } }, onRequest: adminOnly }, async (request) => {
    const changedProducts = await service.deleteUserByAdmin(app.db, await requireAdmin(request), request.params.id);
    // Their reviews went with them, so some ratings changed.
    if (changedProducts.length > 0) app.catalogCache.invalidate();
    return { message: 'Користувача видалено' };
  });
};
