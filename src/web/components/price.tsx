import { priceUnitOf } from '../../shared/catalog';
import { discountedPrice } from '../../shared/pricing';
import { useT } from '../i18n';
import { formatAmount } from './format';

/** The price after discount with its unit, and the crossed-out old price when discounted (docs/domain.md). */
export function Price({ price, discount, category, large = false }: { price: number; discount: number; category: string; large?: boolean }) {
  const t = useT();
  const unit = t.catalog.units[priceUnitOf(category)];
  return (
    <div className={large ? 'fs-3' : 'fs-5'}>
      <strong>{formatAmount(discountedPrice(price, discount))}</strong> <span className="fs-6">{unit}</span>
      {discount > 0 && (
        <>
          {' '}
          <span className="price-old fs-6">
            <span className="visually-hidden">{t.catalog.oldPrice}: </span>
            {formatAmount(price)}
          </span>
        </>
      )}
    </div>
  );
}
