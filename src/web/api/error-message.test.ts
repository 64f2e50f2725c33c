import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en';
import { uk } from '../i18n/uk';
import { ApiError } from './client';
import { errorMessage, fieldMessage, issueMessage } from './error-message';

describe('a server error in the shopper language', () => {
  const outOfStock = new ApiError(409, 'Товару «Хміль Saaz» недостатньо на складі', 'OUT_OF_STOCK', undefined, { product: 'Хміль Saaz' });

  it('words a known code from the chosen locale, with its blanks', () => {
    expect(errorMessage(outOfStock, en, 'en')).toBe('Not enough “Хміль Saaz” in stock');
    expect(errorMessage(outOfStock, uk, 'uk')).toBe('Товару «Хміль Saaz» недостатньо на складі');
    expect(errorMessage(new ApiError(401, 'Невірна електронна пошта або пароль', 'BAD_CREDENTIALS'), en, 'en')).toBe('Wrong e-mail or password');
  });

  it("falls back to the server's message for a code it does not know", () => {
    expect(errorMessage(new ApiError(400, 'Щось нове', 'SOMETHING_NEW'), en, 'en')).toBe('Щось нове');
    expect(errorMessage(new ApiError(400, '', 'SOMETHING_NEW'), en, 'en')).toBe(en.common.genericError);
  });

  it('words a validation answer from its first field code, never the Ukrainian text', () => {
    const error = new ApiError(400, 'Некоректні дані (id: Некоректний ідентифікатор)', 'VALIDATION_ERROR', [
      { path: 'id', code: 'idInvalid', message: 'Некоректний ідентифікатор' },
    ]);
    expect(errorMessage(error, en, 'en')).toBe('Invalid data (id: Invalid identifier)');
    expect(errorMessage(error, uk, 'uk')).toBe('Некоректні дані (id: Некоректний ідентифікатор)');
  });

  it('gives field issues from the server back their keys, so forms word them too', () => {
    const issue = { path: 'password', code: 'passwordTooShort', params: { min: 8 }, message: 'Пароль має містити щонайменше 8 символів' };
    expect(fieldMessage(issueMessage(issue), 'en')).toBe('The password must be at least 8 characters long');
    expect(issueMessage({ path: 'x', code: 'unknown', message: 'як є' })).toBe('як є');
  });

  it('has its own words for failures that never reached the server', () => {
    expect(errorMessage(new ApiError('FETCH_ERROR', 'FETCH_ERROR'), en, 'en')).toBe(en.common.networkError);
    expect(errorMessage(new ApiError('TIMEOUT_ERROR', 'TIMEOUT_ERROR'), uk, 'uk')).toBe(uk.common.timeoutError);
    expect(errorMessage(new Error('TypeError: x is undefined'), en, 'en')).toBe(en.common.genericError);
  });
});
