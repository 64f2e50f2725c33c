import { useId, useState, type KeyboardEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { MIN_CITY_QUERY, type City } from '../../../../shared/delivery';
import { ErrorMessage } from '../../../components/message';
import { Loader } from '../../../components/loader';
import { useT } from '../../../i18n';
import { checkoutTexts } from '../../../i18n/feature-texts/checkout';
import { useCities, useDebounced } from '../api';

interface Props {
  /** The settlement chosen from the directory, or null. */
  chosen: City | null;
  /** What the input shows at first (a saved city's name). */
  initialText: string;
  onChoose: (city: City | null) => void;
  /** Nova Poshta is unreachable: the shopper may keep the typed name. */
  onTypedCity: (name: string) => void;
  error?: string;
}

/** "Київська обл., Білоцерківський р-н": what tells two places of one name apart. */
export function useCityDetails() {
  const t = useT(checkoutTexts);
  return (city: City) => [city.area && t.checkout.area(city.area), city.region && t.checkout.district(city.region)].filter(Boolean).join(', ');
}

/**
 * The settlement field: an ARIA 1.2 combobox (docs/delivery.md). Suggestions from the second
 * letter, after a pause in typing; arrows move, Enter chooses, Escape closes; the count of
 * suggestions is announced. Typing again after a choice drops the choice.
 */
export function CityCombobox({ chosen, initialText, onChoose, onTypedCity, error }: Props) {
  const t = useT(checkoutTexts);
  const id = useId();
  const details = useCityDetails();
  const [text, setText] = useState(chosen?.name ?? initialText);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebounced(text.trim(), 250);
  const cities = useCities(query);
  const typing = text.trim().length >= MIN_CITY_QUERY && open && chosen === null;
  const options = typing ? (cities.data?.cities ?? []) : [];
  const expanded = typing && options.length > 0;
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;

  const choose = (city: City) => {
    setText(city.name);
    setOpen(false);
    setActive(-1);
    onChoose(city);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      // Enter chooses a suggestion; it never sends the form from here.
      event.preventDefault();
      const pick = options[active] ?? (options.length === 1 ? options[0] : undefined);
      if (pick) choose(pick);
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const waiting = typing && (cities.isFetching || query !== text.trim());
  return (
    <Form.Group className="mb-3 position-relative">
      <div className="d-flex align-items-center gap-2">
        <Form.Label htmlFor={id}>{t.checkout.city}</Form.Label>
        {waiting && <Loader small />}
      </div>
      <Form.Control
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        placeholder={t.checkout.cityPlaceholder}
        isInvalid={!!error}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
          if (chosen) onChoose(null);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
      />
      <ul id={listId} role="listbox" aria-label={t.checkout.citySuggestions} className="city-options list-group shadow" hidden={!expanded}>
        {options.map((city, i) => (
          // The keyboard stays in the input (arrows, Enter, aria-activedescendant): the ARIA combobox pattern.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the input above handles the keys
          <li
            key={city.ref}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={`list-group-item list-group-item-action${i === active ? ' active' : ''}`}
            // Keep the focus in the input: the choice happens on click.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(city)}
          >
            <span className="fw-semibold">
              {city.type} {city.name}
            </span>
            <small className="d-block">{details(city)}</small>
          </li>
        ))}
      </ul>
      <div className="visually-hidden" role="status" aria-live="polite">
        {typing && cities.isSuccess && query === text.trim() ? t.checkout.citiesFound(options.length) : ''}
      </div>
      <Form.Text id={hintId} className="d-block">
        {chosen ? details(chosen) : t.checkout.cityHint}
      </Form.Text>
      {typing && cities.isSuccess && query === text.trim() && options.length === 0 && !cities.isFetching && (
        <Form.Text className="d-block text-danger">{t.checkout.noCities}</Form.Text>
      )}
      <Form.Control.Feedback type="invalid" id={errorId}>
        {error}
      </Form.Control.Feedback>
      {cities.isError && (
        <div className="mt-2">
          <ErrorMessage error={cities.error} />
          {text.trim() && (
            <button type="button" className="btn btn-link p-0" onClick={() => onTypedCity(text.trim())}>
              {t.checkout.useTypedCity(text.trim())}
            </button>
          )}
        </div>
      )}
    </Form.Group>
  );
}
