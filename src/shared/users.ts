import { z } from 'zod';
import { RecordIdSchema } from './record-id.js';
import { msg } from './schema-messages.js';
import { OptionalPhoneSchema } from './phone.js';

/** Accounts (docs/domain.md validation rules, docs/api.md /api/users): the same rules on the forms and on the server. */

export const MIN_PASSWORD_LENGTH = 8;
/** Bounds the hashing work one request can ask for. */
export const MAX_PASSWORD_LENGTH = 200;

/** What the API tells about a user; never the password hash or the token version. */
export const UserInfoSchema = z.object({
  id: RecordIdSchema,
  name: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  /** +380XXXXXXXXX, or null when the customer gave none. */
  phone: z.string().nullable(),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

export const NameSchema = z
  .string({ error: msg('nameRequired') })
  .trim()
  .min(1, msg('nameRequired'))
  .max(100, msg('nameTooLong'));

/** Trimmed and lower-cased, so one mailbox is one account whatever the spelling. */
export const EmailSchema = z
  .string({ error: msg('emailRequired') })
  .trim()
  .toLowerCase()
  .min(1, msg('emailRequired'))
  .max(254, msg('emailTooLong'))
  .pipe(z.email({ error: msg('emailInvalid') }));

export const PasswordSchema = z
  .string({ error: msg('passwordRequired') })
  .min(MIN_PASSWORD_LENGTH, msg('passwordTooShort', { min: MIN_PASSWORD_LENGTH }))
  .max(MAX_PASSWORD_LENGTH, msg('passwordTooLong', { max: MAX_PASSWORD_LENGTH }));

export const RegisterSchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  password: PasswordSchema,
});
export type RegisterInput = z.infer<typeof RegisterSchema>;

/** Signing in checks only that something was typed: the rules of today may be newer than the password. */
export const LoginSchema = z.object({
  email: EmailSchema,
  password: z
    .string({ error: msg('passwordRequired') })
    .min(1, msg('passwordRequired'))
    .max(MAX_PASSWORD_LENGTH, msg('passwordTooLong', { max: MAX_PASSWORD_LENGTH })),
});
export type LoginInput = z.infer<typeof LoginSchema>;

/**
 * An empty password leaves the password as it is. Changing the e-mail or the password needs the
 * current password, so a stolen session cannot take the account over. A missing phone leaves the
 * phone, an empty one removes it.
 */
export const ProfileUpdateSchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  currentPassword: z
    .string({ error: msg('passwordInvalid') })
    .max(MAX_PASSWORD_LENGTH, msg('passwordTooLong', { max: MAX_PASSWORD_LENGTH }))
    .optional()
    .transform((p) => p || undefined),
  phone: OptionalPhoneSchema.nullable().optional(),
  password: z
    .string({ error: msg('passwordInvalid') })
    .max(MAX_PASSWORD_LENGTH, msg('passwordTooLong', { max: MAX_PASSWORD_LENGTH }))
    .optional()
    .refine((p) => !p || p.length >= MIN_PASSWORD_LENGTH, msg('passwordTooShort', { min: MIN_PASSWORD_LENGTH }))
    .transform((p) => p || undefined),
});
export type ProfileUpdateInput = z.infer<typeof ProfileUpdateSchema>;

/** PUT /api/users/{id} by an admin (docs/api.md); a `userId` in the body is ignored: the path decides. */
export const AdminUserUpdateSchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  isAdmin: z.boolean({ error: msg('adminFlagInvalid') }),
});
export type AdminUserUpdateInput = z.infer<typeof AdminUserUpdateSchema>;

/** The forms add the confirmation, which never leaves the browser. */
export const RegisterFormSchema = RegisterSchema.extend({ confirmPassword: z.string() });
export const ProfileFormSchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  phone: OptionalPhoneSchema,
  currentPassword: ProfileUpdateSchema.shape.currentPassword,
  password: ProfileUpdateSchema.shape.password,
  confirmPassword: z.string().optional(),
});
export type ProfileForm = z.input<typeof ProfileFormSchema>;

export const MessageSchema = z.object({ message: z.string() });

/** POST /api/users/password-reset: always 202, whether or not the e-mail has an account. */
export const PasswordResetRequestSchema = z.object({ email: EmailSchema });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

/** POST /api/users/password-reset/confirm: the token from the letter's link and the new password. */
export const PasswordResetConfirmSchema = z.object({
  token: z.string({ error: msg('resetLinkInvalid') }).regex(/^[A-Za-z0-9_-]{43}$/, msg('resetLinkInvalid')),
  password: PasswordSchema,
});
export type PasswordResetConfirm = z.infer<typeof PasswordResetConfirmSchema>;

/** The reset form: the new password twice (the page compares them). */
export const PasswordResetFormSchema = z.object({ password: PasswordSchema, confirmPassword: z.string() });
