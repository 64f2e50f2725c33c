import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { MIN_CITY_QUERY } from '../../../../shared/delivery';
import { Loader } from '../../../components/loader';
import { useDebounced } from '../api';

/**
 * What a directory field's input holds (docs/delivery.md): the directory is asked from the second
 * letter after a pause in typing; typing again after a choice drops the choice; a pick shows its name.
 */
export function useDirectoryText<T extends { name: string }>(chosen: T | null, initialText: string, onChoose: (choice: T | null) => void) {
  const [text, setText] = useState(initialText);
  const typed = text.trim();
  const query = useDebounced(typed, 250);
  return {
    text,
    typed,
    query,
    suggest: typed.length >= MIN_CITY_QUERY && chosen === null,
    /** The pause in typing has not ended yet: the answer shown is for older text. */
    waiting: query !== typed,
    onText: (next: string) => {
      setText(next);
      if (chosen) onChoose(null);
    },
    onPick: (choice: T) => {
      setText(choice.name);
      onChoose(choice);
    },
  };
}

interface Props<T> {
  label: string;
  placeholder: string;
  /** The listbox's name ("Населені пункти"). */
  listLabel: string;
  text: string;
  onText: (text: string) => void;
  /** Whether suggestions may show: enough letters typed and nothing chosen yet. */
  suggest: boolean;
  options: readonly T[];
  optionKey: (option: T) => string;
  renderOption: (option: T) => ReactNode;
  onPick: (option: T) => void;
  loading: boolean;
  /** Announced to screen readers as the suggestions change ("Знайдено варіантів: 3 …"). */
  status: string;
  hint: ReactNode;
  error?: string;
  /** Below the field: "nothing found", a failure and its way out. */
  children?: ReactNode;
}

/**
 * A field that suggests from Nova Poshta's directory as the shopper types: an ARIA 1.2 combobox
 * (docs/delivery.md). Arrows move, Enter chooses (never sends the form), Escape closes; the focus
 * stays in the input and the active option is named by `aria-activedescendant`.
 */
export function DirectoryCombobox<T>(props: Props<T>) {
  const { label, placeholder, listLabel, text, onText, suggest, options, optionKey, renderOption, onPick, loading, status, hint, error, children } = props;
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const shown = open && suggest ? options : [];
  const expanded = shown.length > 0;
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;

  const pick = (option: T) => {
    setOpen(false);
    setActive(-1);
    onPick(option);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (shown.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + shown.length) % shown.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const choice = shown[active] ?? (shown.length === 1 ? shown[0] : undefined);
      if (choice !== undefined) pick(choice);
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <Form.Group className="mb-3 position-relative">
      <div className="d-flex align-items-center gap-2">
        <Form.Label htmlFor={id}>{label}</Form.Label>
        {open && suggest && loading && <Loader small />}
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
        placeholder={placeholder}
        isInvalid={!!error}
        value={text}
        onChange={(event) => {
          onText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
      />
      <ul id={listId} role="listbox" aria-label={listLabel} className="city-options list-group shadow" hidden={!expanded}>
        {shown.map((option, i) => (
          // The keyboard stays in the input (arrows, Enter, aria-activedescendant): the ARIA combobox pattern.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the input above handles the keys
          <li
            key={optionKey(option)}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={`list-group-item list-group-item-action${i === active ? ' active' : ''}`}
            // Keep the focus in the input: the choice happens on click.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(option)}
          >
            {renderOption(option)}
          </li>
        ))}
      </ul>
      <div className="visually-hidden" role="status" aria-live="polite">
        {open && suggest ? status : ''}
      </div>
      <Form.Text id={hintId} className="d-block">
        {hint}
      </Form.Text>
      {children}
      <Form.Control.Feedback type="invalid" id={errorId}>
        {error}
      </Form.Control.Feedback>
    </Form.Group>
  );
}
