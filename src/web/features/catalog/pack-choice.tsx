import { discountedPrice } from '../../../shared/pricing';
import type { Variant } from '../../../shared/products';
import { formatUah } from '../../components/format';
import { useT } from '../../i18n';

/**
 * The pack sizes of a product as a radio group (docs/screens.md): arrow keys move between them, the
 * browser's own radio buttons keep it usable without a mouse and announce each pack with its price.
 */
export function PackChoice({ variants, value, onChange }: { variants: Variant[]; value: string; onChange: (id: string) => void }) {
  const t = useT();
  return (
    <fieldset className="pack-choice mb-3">
      <legend className="small text-body-secondary mb-1 fs-6">{t.catalog.packs}</legend>
      <div className="d-flex flex-wrap gap-2">
        {variants.map((v) => {
          const id = `pack-${v.id}`;
          const soldOut = v.countInStock <= 0;
          return (
            <div key={v.id}>
              <input type="radio" className="btn-check" name="pack" id={id} value={v.id} checked={value === v.id} onChange={() => onChange(v.id)} />
              <label className={`btn ${soldOut ? 'btn-outline-secondary' : 'btn-outline-primary'}`} htmlFor={id}>
                {v.label}
                <span className="visually-hidden">
                  {', '}
                  {formatUah(discountedPrice(v.price, v.discount))}
                  {soldOut ? `, ${t.catalog.packSoldOut}` : ''}
                </span>
                {soldOut && <span className="small d-block">{t.catalog.packSoldOut}</span>}
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
