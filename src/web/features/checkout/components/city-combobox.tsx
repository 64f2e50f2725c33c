import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { MIN_CITY_QUERY, type City } from '../../../../shared/delivery';
import { ErrorMessage } from '../../../components/message';
import { useT } from '../../../i18n';
import { checkoutTexts } from '../../../i18n/feature-texts/checkout';
import { useCities, useDebounced } from '../api';
import { DirectoryCombobox } from './combobox';

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
 * The settlement field (docs/delivery.md): suggestions from the second letter, after a pause in
 * typing, each with its oblast and district; the count of suggestions is announced. Typing again
 * after a choice drops the choice.
 */
export function CityCombobox({ chosen, initialText, onChoose, onTypedCity, error }: Props) {
  const t = useT(checkoutTexts);
  const details = useCityDetails();
  const [text, setText] = useState(chosen?.name ?? initialText);
  const query = useDebounced(text.trim(), 250);
  const cities = useCities(query);
  const suggest = text.trim().length >= MIN_CITY_QUERY && chosen === null;
  const options = suggest ? (cities.data?.cities ?? []) : [];
  const settled = suggest && cities.isSuccess && query === text.trim();

  return (
    <DirectoryCombobox
      label={t.checkout.city}
      placeholder={t.checkout.cityPlaceholder}
      listLabel={t.checkout.citySuggestions}
      text={text}
      onText={(next) => {
        setText(next);
        if (chosen) onChoose(null);
      }}
      suggest={suggest}
      options={options}
      optionKey={(city) => city.ref}
      renderOption={(city) => (
        <>
          <span className="fw-semibold">
            {city.type} {city.name}
          </span>
          <small className="d-block">{details(city)}</small>
        </>
      )}
      onPick={(city) => {
        setText(city.name);
        onChoose(city);
      }}
      loading={cities.isFetching || query !== text.trim()}
      status={settled ? t.checkout.citiesFound(options.length) : ''}
      hint={chosen ? details(chosen) : t.checkout.cityHint}
      error={error}
    >
      {settled && options.length === 0 && !cities.isFetching && <Form.Text className="d-block text-danger">{t.checkout.noCities}</Form.Text>}
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
    </DirectoryCombobox>
  );
}
