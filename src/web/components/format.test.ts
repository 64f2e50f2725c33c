import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDayMonth } from './format';

describe('dates are shown in Kyiv time, in the chosen language', () => {
  // 23:30 UTC on 14 March is 01:30 on 15 March in Kyiv (UTC+2 in winter).
  const lateEvening = '2025-03-14T23:30:00.000Z';

  it('shows the Kyiv day, not the UTC one', () => {
    expect(formatDate(lateEvening, 'uk')).toBe('15.03.2025');
    expect(formatDate(lateEvening, 'en')).toBe('15/03/2025');
  });

  it('shows the Kyiv clock with the day', () => {
    expect(formatDateTime(lateEvening, 'uk')).toBe('15.03.2025, 01:30');
    expect(formatDateTime(lateEvening, 'en')).toBe('15/03/2025, 01:30');
  });

  it('follows summer time (UTC+3)', () => {
    expect(formatDateTime('2025-07-01T21:30:00.000Z', 'uk')).toBe('02.07.2025, 00:30');
  });

  it("shows a chart axis's day and month in the chosen language, without hours", () => {
    expect(formatDayMonth(new Date(lateEvening), 'uk')).toBe('15 бер.');
    expect(formatDayMonth(new Date(lateEvening), 'en')).toBe('15 Mar');
  });

  it('shows nothing for a missing or broken moment', () => {
    expect(formatDate(null, 'uk')).toBe('');
    expect(formatDate(undefined, 'en')).toBe('');
    expect(formatDateTime('not a date', 'uk')).toBe('');
  });
});
