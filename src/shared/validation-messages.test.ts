import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RegisterSchema } from './users';
import './schema-messages';
import { localizeMessage, msg, parseMessage } from './validation-messages';

describe('validation messages in both languages', () => {
  it('a key with its blanks reads in Ukrainian and in English', () => {
    const message = msg('passwordTooShort', { min: 8 });
    expect(parseMessage(message)).toEqual({ code: 'passwordTooShort', params: { min: 8 } });
    expect(localizeMessage(message, 'uk')).toBe('Пароль має містити щонайменше 8 символів');
    expect(localizeMessage(message, 'en')).toBe('The password must be at least 8 characters long');
  });

  it('text that is not a key stays as it is', () => {
    expect(localizeMessage('Паролі не збігаються', 'en')).toBe('Паролі не збігаються');
    expect(parseMessage('toString')).toBeNull();
    expect(parseMessage('maxChars|{broken')).toBeNull();
  });

  it('the shared schemas answer with keys', () => {
    const result = RegisterSchema.safeParse({ name: '', email: 'nope', password: 'short' });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => localizeMessage(issue.message, 'en'));
    expect(messages).toEqual(['Enter your name', 'Invalid e-mail address', 'The password must be at least 8 characters long']);
  });

  it("zod's own checks never fall back to its English defaults", () => {
    const schema = z.object({ a: z.string(), b: z.number().max(3), c: z.array(z.string()).min(2), d: z.enum(['x', 'y']) });
    const result = schema.safeParse({ b: 5, c: [], d: 'z' });
    const uk = result.error!.issues.map((issue) => localizeMessage(issue.message, 'uk'));
    const en = result.error!.issues.map((issue) => localizeMessage(issue.message, 'en'));
    expect(uk).toEqual(['Обов’язкове поле', 'Не більше 3', 'Щонайменше 2 позицій', 'Оберіть одне з дозволених значень']);
    expect(en).toEqual(['Required', 'At most 3', 'At least 2 items', 'Choose one of the allowed values']);
    expect(localizeMessage(z.string().safeParse(1).error!.issues[0].message, 'uk')).toBe('Некоректне значення');
  });
});
