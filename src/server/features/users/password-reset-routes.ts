import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageSchema, PasswordResetConfirmSchema, PasswordResetRequestSchema } from '../../../shared/users.js';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.js';

/** "Забули пароль?" (docs/accounts.md): request a link by e-mail, then set a new password with it. */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  // A few requests per address and window: enough for a forgetful shopper, useless for mail bombing.
  const rateLimit = { max: 5, timeWindow: app.config.authRateLimit.windowMs };

  app.post(
    '/api/users/password-reset',
    { schema: { body: PasswordResetRequestSchema, response: { 202: MessageSchema } }, config: { rateLimit } },
    async (request, reply) => {
      await requestPasswordReset(app.db, request.body.email, app.config.siteUrl, { perDay: app.config.mail.perRecipientPerDay, log: request.log });
      // The same answer whether or not the address has an account.
      return reply.status(202).send({ message: 'Якщо для цієї адреси є обліковий запис, ми надіслали на неї посилання для зміни пароля' });
    },
  );

  app.post(
    '/api/users/password-reset/confirm',
    { schema: { body: PasswordResetConfirmSchema, response: { 200: MessageSchema } }, config: { rateLimit: { max: 20, timeWindow: rateLimit.timeWindow } } },
    async (request) => {
      await confirmPasswordReset(app.db, request.body.token, request.body.password);
      return { message: 'Пароль змінено. Увійдіть з новим паролем' };
    },
  );
};
