import { pricePerKg } from '../../shared/packs';
import { discountedPrice } from '../../shared/pricing';
import type { Product } from '../../shared/products';
import { useT } from '../i18n';
import { formatAmount } from './format';

/**
 * The price of a pack after discount, "420 грн за 100 г", with the price per kilogram beside it when
 * the pack is weighed, and the crossed-out old price when discounted (docs/pricing.md). The unit is
 * the pack's own label, never the category's.
 */
export function Price({ price, discount, label, large = false }: { price: number; discount: number; label?: string; large?: boolean }) {
  const t = useT();
  const shelf = discountedPrice(price, discount);
  const perKg = label ? pricePerKg(shelf, label) : null;
  return (
    <div className={large ? 'fs-3' : 'fs-5'}>
      <strong>{formatAmount(shelf)}</strong> <span className="fs-6">{t.catalog.currency}</span>
      {label && <span className="fs-6"> {t.catalog.perPack(label)}</span>}
      {discount > 0 && (
        <>
          {' '}
          <span className="price-old fs-6">
            <span className="visually-hidden">{t.catalog.oldPrice}: </span>
            {formatAmount(price)}
          </span>
        </>
      )}
      {perKg !== null && <div className="fs-6 text-body-secondary price-per-kg">{t.catalog.perKg(formatAmount(perKg))}</div>}
    </div>
  );
}

/**
 * A product's price in a list: "від 95 грн" when its packs cost differently, else its pack's price
 * ("1 450 грн за 1 кг").
 */
export function ProductPrice({ product }: { product: Pick<Product, 'price' | 'discount' | 'variants'> }) {
  const t = useT();
  const shelves = product.variants.map((v) => discountedPrice(v.price, v.discount));
  if (new Set(shelves).size > 1) {
    const cheapest = product.variants[shelves.indexOf(Math.min(...shelves))];
    return (
      <div className="fs-5">
        <span className="fs-6">{t.catalog.fromPrice}</span> <strong>{formatAmount(discountedPrice(cheapest.price, cheapest.discount))}</strong>{' '}
        <span className="fs-6">{t.catalog.currency}</span>
      </div>
    );
  }
  const only = product.variants[0];
  return <Price price={only?.price ?? product.price} discount={only?.discount ?? product.discount} label={only?.label} />;
}
