import { useId } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PRODUCT_SORTS, type ProductSort } from '../../../shared/product-sorts';
import { useT } from '../../i18n';

/**
 * The order and "in stock only" of a list, from the URL (`?sort=price_asc&inStock=true`): an order
 * the shop does not know reads as the default, so an old link still shows a page.
 */
export function useListingOptions(): { sort?: ProductSort; inStock?: true } {
  const [searchParams] = useSearchParams();
  const sort = searchParams.get('sort');
  return {
    sort: PRODUCT_SORTS.find((s) => s === sort),
    inStock: searchParams.get('inStock') === 'true' || undefined,
  };
}

/**
 * The listing header's order select and "Тільки в наявності" box (docs/screens.md). Changing either
 * starts at page 1: `firstPage` is the list's first page where the page number is in the path.
 */
export function ListingControls({ searching = false, firstPage }: { searching?: boolean; firstPage?: string }) {
  const t = useT();
  const id = useId();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { sort, inStock } = useListingOptions();
  const update = (key: 'sort' | 'inStock', value: string | undefined) => {
    const next = new URLSearchParams(searchParams);
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete('page');
    const query = next.toString();
    navigate(`${firstPage ?? ''}${query ? `?${query}` : firstPage ? '' : '?'}`);
  };
  return (
    <div className="listing-controls d-flex flex-wrap align-items-center gap-3 mb-3">
      <div className="d-flex align-items-center gap-2">
        <label htmlFor={`${id}-sort`} className="form-label mb-0 text-nowrap">
          {t.catalog.sortLabel}
        </label>
        <select id={`${id}-sort`} className="form-select form-select-sm" value={sort ?? ''} onChange={(e) => update('sort', e.target.value || undefined)}>
          <option value="">{searching ? t.catalog.sorts.bestMatch : t.catalog.sorts.default}</option>
          {PRODUCT_SORTS.map((option) => (
            <option key={option} value={option}>
              {t.catalog.sorts[option]}
            </option>
          ))}
        </select>
      </div>
      <div className="form-check mb-0">
        <input
          id={`${id}-stock`}
          type="checkbox"
          className="form-check-input"
          checked={inStock === true}
          onChange={(e) => update('inStock', e.target.checked ? 'true' : undefined)}
        />
        <label htmlFor={`${id}-stock`} className="form-check-label">
          {t.catalog.inStockOnly}
        </label>
      </div>
    </div>
  );
}
