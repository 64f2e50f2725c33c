/**
 * Check digits of the numbers a Ukrainian shop owner types (docs/settings.md): pure functions, so
 * the form and the server refuse the same typo. Each takes the number as digits (spaces removed by
 * the caller's schema) and says whether its check digit is right.
 */

/** Luhn (ISO/IEC 7812): every payment card number. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * IBAN (ISO 13616): the first four characters moved to the end, letters read as 10–35, and the
 * whole number modulo 97 must be 1. Ukraine's form is UA, two check digits and 25 digits (the bank's
 * 6-digit code and a 19-digit account): UA + 27 digits.
 */
export function isIbanValid(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of moved) {
    const value = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

export function isUkrainianIban(iban: string): boolean {
  return /^UA\d{27}$/.test(iban) && isIbanValid(iban);
}

/**
 * ЄДРПОУ, a legal entity's 8-digit code: the first seven digits weighted 1…7 (7, 1…6 for codes from
 * 30 000 000 to 60 000 000), the sum modulo 11; a remainder of 10 is weighed again with every weight
 * plus 2, and a second 10 reads as 0. The result is the eighth digit.
 */
export function isEdrpouValid(code: string): boolean {
  if (!/^\d{8}$/.test(code)) return false;
  const digits = [...code].map(Number);
  const n = Number(code);
  const base = n > 30_000_000 && n < 60_000_000 ? [7, 1, 2, 3, 4, 5, 6] : [1, 2, 3, 4, 5, 6, 7];
  const weigh = (weights: number[]) => weights.reduce((sum, w, i) => sum + w * digits[i], 0) % 11;
  let check = weigh(base);
  if (check === 10) {
    check = weigh(base.map((w) => w + 2));
    if (check === 10) check = 0;
  }
  return check === digits[7];
}

/**
 * РНОКПП (the former ІПН), a person's 10-digit tax number: the first nine digits weighted
 * −1, 5, 7, 9, 4, 6, 10, 5, 7, the sum modulo 11 and then modulo 10 is the tenth digit.
 */
export function isRnokppValid(code: string): boolean {
  if (!/^\d{10}$/.test(code)) return false;
  const weights = [-1, 5, 7, 9, 4, 6, 10, 5, 7];
  const sum = weights.reduce((total, w, i) => total + w * Number(code[i]), 0);
  return (((sum % 11) + 11) % 11) % 10 === Number(code[9]);
}
