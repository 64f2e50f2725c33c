import type { CSSProperties } from 'react';
import { useT } from '../i18n';

/**
 * A product's rating as five stars filled to its value: one element drawn by CSS (styles.scss,
 * `.rating-bar`) rather than five SVGs a card — a listing of 18 products carried 90 of them, a
 * quarter of its markup (docs/decisions/012-first-load.md).
 */
export function Rating({ value, count }: { value: number; count?: number }) {
  const t = useT();
  const label = t.catalog.rating(value, count ?? 0);
  const filled = `${(Math.min(Math.max(value, 0), 5) / 5) * 100}%`;
  return (
    <div className="rating-stars d-flex align-items-center gap-1" role="img" aria-label={label} title={label}>
      <span className="rating-bar" style={{ '--rating-filled': filled } as CSSProperties} aria-hidden />
      {count !== undefined && <small className="text-body-secondary ms-1">{t.catalog.reviewsCount(count)}</small>}
    </div>
  );
}
