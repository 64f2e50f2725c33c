import { lazy, Suspense, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useT } from '../i18n';
import { paths } from '../../shared/routes';
import { SearchIcon } from './icons';

/** What the suggestion list tells the field: whether it shows, and which option is highlighted. */
export interface ComboboxState {
  expanded: boolean;
  activeId?: string;
}
/** The suggestion list's keys; true when it used the key (the field then does nothing more with it). */
export type ComboboxKeys = (event: KeyboardEvent<HTMLInputElement>) => boolean;

// The list, its fetching and its keys load on the field's first focus: the home page's first load
// stays within its budget (bench/bundle.ts, docs/decisions/012-first-load.md).
const SearchSuggestions = lazy(() => import('./search-suggestions'));

/**
 * The header's search, an ARIA 1.2 combobox (docs/screens.md): suggestions from the second letter;
 * Enter with none highlighted opens /search/{trimmed keyword}, an empty one goes home.
 */
export function SearchBox() {
  const t = useT();
  const navigate = useNavigate();
  const { keyword: current = '' } = useParams();
  const [keyword, setKeyword] = useState(current);
  const [focused, setFocused] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [combobox, setCombobox] = useState<ComboboxState>({ expanded: false });
  const keysRef = useRef<ComboboxKeys | null>(null);
  const listId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = keyword.trim();
    navigate(trimmed ? paths.search(trimmed) : paths.home);
  };

  return (
    <form onSubmit={submit} className="search-box d-flex flex-grow-1 position-relative" role="search">
      <input
        type="search"
        name="q"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={combobox.expanded}
        aria-controls={listId}
        aria-activedescendant={combobox.activeId}
        autoComplete="off"
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        onFocus={() => {
          setFocused(true);
          setWanted(true);
        }}
        onBlur={() => setFocused(false)}
        onKeyDown={(event) => {
          if (keysRef.current?.(event)) event.preventDefault();
        }}
        placeholder={t.common.searchPlaceholder}
        aria-label={t.common.searchLabel}
        maxLength={100}
        className="form-control me-2"
      />
      <button type="submit" className="btn btn-outline-light" aria-label={t.common.search}>
        <SearchIcon aria-hidden />
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <SearchSuggestions query={keyword} focused={focused} listId={listId} onState={setCombobox} keysRef={keysRef} />
        </Suspense>
      ) : (
        // The list the field names exists from the start, empty until the first focus.
        <div id={listId} role="listbox" aria-label={t.common.searchLabel} hidden />
      )}
    </form>
  );
}
