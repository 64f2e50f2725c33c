import { useId, useState, type KeyboardEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { MIN_CITY_QUERY, type Street } from '../../../../shared/delivery';
import { ErrorMessage } from '../../../components/message';
import { Loader } from '../../../components/loader';
import { useT } from '../../../i18n';
import { checkoutTexts } from '../../../i18n/feature-texts/checkout';
import { useDebounced, useStreets } from '../api';

interface Props {
  settlementRef: string;
  chosen: Street | null;
  onChoose: (street: Street | null) => void;
  error?: string;
}

/**
 * The street of a courier delivery: an ARIA 1.2 combobox over the settlement's streets
 * (Address.searchSettlementStreets, docs/delivery.md), the same pattern as the settlement field.
 */
export function StreetCombobox({ settlementRef, chosen, onChoose, error }: Props) {
  const t = useT(checkoutTexts);
  const id = useId();
  const [text, setText] = useState(chosen?.name ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebounced(text.trim(), 250);
  const streets = useStreets(settlementRef, query);
  const typing = text.trim().length >= MIN_CITY_QUERY && open && chosen === null;
  const options = typing ? (streets.data?.streets ?? []) : [];
  const expanded = typing && options.length > 0;
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;

  const choose = (street: Street) => {
    setText(street.name);
    setOpen(false);
    setActive(-1);
    onChoose(street);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
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
  const settled = typing && streets.isSuccess && query === text.trim() && !streets.isFetching;
  return (
    <Form.Group className="mb-3 position-relative">
      <div className="d-flex align-items-center gap-2">
        <Form.Label htmlFor={id}>{t.checkout.street}</Form.Label>
        {typing && (streets.isFetching || query !== text.trim()) && <Loader small />}
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
        placeholder={t.checkout.streetPlaceholder}
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
      <ul id={listId} role="listbox" aria-label={t.checkout.streetSuggestions} className="city-options list-group shadow" hidden={!expanded}>
        {options.map((street, i) => (
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the input above handles the keys
          <li
            key={street.ref}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={`list-group-item list-group-item-action${i === active ? ' active' : ''}`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(street)}
          >
            {street.name}
          </li>
        ))}
      </ul>
      <div className="visually-hidden" role="status" aria-live="polite">
        {settled ? t.checkout.streetsFound(options.length) : ''}
      </div>
      <Form.Text id={hintId} className="d-block">
        {t.checkout.streetHint}
      </Form.Text>
      {settled && options.length === 0 && <Form.Text className="d-block text-danger">{t.checkout.noStreets}</Form.Text>}
      <Form.Control.Feedback type="invalid" id={errorId}>
        {error}
      </Form.Control.Feedback>
      {streets.isError && (
        <div className="mt-2">
          <ErrorMessage error={streets.error} />
        </div>
      )}
    </Form.Group>
  );
}
