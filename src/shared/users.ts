import { z } from 'zod';

/** Accounts (SPEC.md §3 User, §5, §7 /api/users): the same rules on the forms and on the server. */

export const MIN_PASSWORD_LENGTH = 8;
/** Bounds the hashing work one request can ask for. */
export const MAX_PASSWORD_LENGTH = 200;

/** What the API tells about a user; never the password hash or the token version. */
export const UserInfoSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

export const NameSchema = z
  .string({ error: 'Вкажіть ім’я' })
  .trim()
  .min(1, 'Вкажіть ім’я')
  .max(100, 'Ім’я задовге (до 100 символів)');

/** Trimmed and lower-cased, so one mailbox is one account whatever the spelling. */
export const EmailSchema = z
  .string({ error: 'Вкажіть електронну пошту' })
  .trim()
  .toLowerCase()
  .min(1, 'Вкажіть електронну пошту')
  .max(254, 'Електронна пошта задовга')
  .pipe(z.email({ error: 'Некоректна електронна пошта' }));

export const PasswordSchema = z
  .string({ error: 'Вкажіть пароль' })
  .min(MIN_PASSWORD_LENGTH, `Пароль має містити щонайменше ${MIN_PASSWORD_LENGTH} символів`)
  .max(MAX_PASSWORD_LENGTH, `Пароль задовгий (до ${MAX_PASSWORD_LENGTH} символів)`);

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
    .string({ error: 'Вкажіть пароль' })
    .min(1, 'Вкажіть пароль')
    .max(MAX_PASSWORD_LENGTH, `Пароль задовгий (до ${MAX_PASSWORD_LENGTH} символів)`),
});
export type LoginInput = z.infer<typeof LoginSchema>;

/** An empty password leaves the password as it is. */
export const ProfileUpdateSchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  password: z
    .string({ error: 'Некоректний пароль' })
    .max(MAX_PASSWORD_LENGTH, `Пароль задовгий (до ${MAX_PASSWORD_LENGTH} символів)`)
    .optional()
    .refine((p) => !p || p.length >= MIN_PASSWORD_LENGTH, `Пароль має містити щонайменше ${MIN_PASSWORD_LENGTH} символів`)
    .transform((p) => p || undefined),
});
export type ProfileUpdateInput = z.infer<typeof ProfileUpdateSchema>;

/** PUT /api/users/{id} by an admin (SPEC.md §7); a `userId` in the body is ignored: the path decides. */
export const AdminUserUpdateSchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  isAdmin: z.boolean({ error: 'Позначка адміністратора має бути так або ні' }),
});
export type AdminUserUpdateInput = z.infer<typeof AdminUserUpdateSchema>;

/** The forms add the confirmation, which never leaves the browser. */
export const RegisterFormSchema = RegisterSchema.extend({ confirmPassword: z.string() });
export const ProfileFormSchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  password: ProfileUpdateSchema.shape.password,
  confirmPassword: z.string().optional(),
});
export type ProfileForm = z.input<typeof ProfileFormSchema>;

export const MessageSchema = z.object({ message: z.string() });
