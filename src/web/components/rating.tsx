import { useT } from '../i18n';
import { EmptyStarIcon, HalfStarIcon, StarIcon } from './icons';

export function Rating({ value, count }: { value: number; count?: number }) {
  const t = useT();
  const label = t.catalog.rating(value, count ?? 0);
  return (
    <div className="rating-stars d-flex align-items-center gap-1" role="img" aria-label={label} title={label}>
      {[1, 2, 3, 4, 5].map((star) =>
        value >= star ? (
          <StarIcon key={star} aria-hidden />
        ) : value >= star - 0.5 ? (
          <HalfStarIcon key={star} aria-hidden />
        ) : (
          <EmptyStarIcon key={star} aria-hidden />
        ),
      )}
      {count !== undefined && <small className="text-body-secondary ms-1">{t.catalog.reviewsCount(count)}</small>}
    </div>
  );
}
