import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type RefObject } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { discountedPrice } from '../../shared/pricing';
import type { Suggestions } from '../../shared/products';
import { api } from '../api/client';
import { useT } from '../i18n';
import { paths } from '../../shared/routes';
import { formatAmount } from './format';
import type { ComboboxKeys, ComboboxState } from './search-box';

/** Suggestions start at the second letter, once typing pauses this long. */
const MIN_LETTERS = 2;
const DEBOUNCE_MS = 150;

export const suggestionsQuery = (q: string) => ({
  queryKey: ['search', 'suggest', q],
  // A newer query makes this one unused: React Query aborts its request through the signal.
  queryFn: ({ signal }: { signal: AbortSignal }) => api<Suggestions>(`/api/search/suggest?q=${encodeURIComponent(q)}`, { signal }),
  staleTime: 60_000,
});

/**
 * The header search's suggestion list (docs/screens.md): matching categories and up to six products,
 * picked with the arrows and Enter or the mouse; Escape closes it. The field stays focused all the
 * while and names the highlighted option (aria-activedescendant); a status line reads the count out.
 */
export default function SearchSuggestions({
  query,
  focused,
  listId,
  onState,
  keysRef,
}: {
  query: string;
  focused: boolean;
  listId: string;
  onState: (state: ComboboxState) => void;
  keysRef: RefObject<ComboboxKeys | null>;
}) {
  const t = useT();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const typed = query.trim();
  const [debounced, setDebounced] = useState(typed);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(typed), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const ready = debounced.length >= MIN_LETTERS && debounced === typed;
  const { data, isError } = useQuery({ ...suggestionsQuery(debounced), enabled: debounced.length >= MIN_LETTERS, placeholderData: keepPreviousData });

  // Closed by Escape, a choice or a new page until the shopper types again.
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const here = pathname + search;
  const [shownOn, setShownOn] = useState(here);
  if (shownOn !== here) {
    setShownOn(here);
    setClosedFor(typed);
  }

  const items = [
    ...(data?.categories ?? []).map((category) => ({ key: `c-${category.key}`, href: category.path, category, product: null })),
    ...(data?.products ?? []).map((product) => ({ key: `p-${product.id}`, href: paths.product(product.slug), category: null, product })),
  ];
  const open = focused && typed.length >= MIN_LETTERS && closedFor !== typed && (data !== undefined || isError);
  const shown = open && items.length > 0;
  const highlighted = shown && active < items.length ? active : -1;
  const optionId = (index: number) => `${listId}-option-${index}`;

  // A new answer starts without a highlighted option.
  const [answer, setAnswer] = useState(data);
  if (answer !== data) {
    setAnswer(data);
    setActive(-1);
  }

  const state = { expanded: shown, activeId: highlighted >= 0 ? optionId(highlighted) : undefined };
  useEffect(() => onState(state), [onState, state.expanded, state.activeId]); // eslint-disable-line react-hooks/exhaustive-deps

  const choose = (href: string) => {
    setClosedFor(typed);
    navigate(href);
  };

  useEffect(() => {
    keysRef.current = (event) => {
      switch (event.key) {
        case 'ArrowDown':
        case 'ArrowUp': {
          if (!shown) {
            setClosedFor(null);
            return closedFor !== null;
          }
          // Past either end the highlight wraps round.
          const last = items.length - 1;
          if (event.key === 'ArrowDown') setActive(highlighted < last ? highlighted + 1 : 0);
          else setActive(highlighted > 0 ? highlighted - 1 : last);
          return true;
        }
        case 'Enter':
          // Nothing highlighted: the form opens the full results as it always has.
          if (highlighted < 0) return false;
          choose(items[highlighted].href);
          return true;
        case 'Escape':
          if (!shown) return false;
          setClosedFor(typed);
          return true;
        default:
          return false;
      }
    };
    return () => {
      keysRef.current = null;
    };
  });

  const categories = items.filter((item) => item.category);
  const products = items.filter((item) => item.product);
  const count = items.length;
  return (
    <>
      <div id={listId} role="listbox" aria-label={t.common.searchLabel} className="search-suggestions shadow" hidden={!shown}>
        {[
          { label: t.catalog.suggestions.categories, group: categories, offset: 0 },
          { label: t.catalog.suggestions.products, group: products, offset: categories.length },
        ]
          .filter(({ group }) => group.length > 0)
          .map(({ label, group, offset }) => (
            <div key={label} role="group" aria-label={label}>
              <div className="suggestion-heading" aria-hidden>
                {label}
              </div>
              {group.map((item, i) => (
                // The field keeps the focus (aria-activedescendant): options take clicks, the field takes keys.
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                <div
                  key={item.key}
                  id={optionId(offset + i)}
                  role="option"
                  aria-selected={highlighted === offset + i}
                  tabIndex={-1}
                  className={`suggestion${highlighted === offset + i ? ' active' : ''}`}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => setActive(offset + i)}
                  onClick={() => choose(item.href)}
                >
                  {item.category && <span>{item.category.name}</span>}
                  {item.product && (
                    <>
                      <img src={item.product.image} alt="" width={40} height={40} loading="lazy" />
                      <span className="suggestion-name">{item.product.name}</span>
                      <span className="suggestion-price text-nowrap">
                        {item.product.countInStock > 0 ? (
                          `${formatAmount(discountedPrice(item.product.price, item.product.discount))}\u00a0${t.catalog.currency}`
                        ) : (
                          <span className="text-body-secondary small">{t.catalog.outOfStock}</span>
                        )}
                      </span>
                    </>
                  )}
                </div>
              ))}
            </div>
          ))}
      </div>
      <div role="status" className="visually-hidden">
        {open && ready ? (isError ? t.catalog.suggestions.failed : t.catalog.suggestions.count(count)) : ''}
      </div>
    </>
  );
}
