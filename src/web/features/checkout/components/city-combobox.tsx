import Form from 'react-bootstrap/Form';
import type { City } from '../../../../shared/delivery';
import { ErrorMessage } from '../../../components/message';
import { useT } from '../../../i18n';
import { checkoutTexts } from '../../../i18n/feature-texts/checkout';
import { useCities } from '../api';
import { DirectoryCombobox, useDirectoryText } from './combobox';

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
  const field = useDirectoryText(chosen, chosen?.name ?? initialText, onChoose);
  const cities = useCities(field.query);
  const options = field.suggest ? (cities.data?.cities ?? []) : [];
  const settled = field.suggest && cities.isSuccess && !field.waiting;

  return (
    <DirectoryCombobox
      label={t.checkout.city}
      placeholder={t.checkout.cityPlaceholder}
      listLabel={t.checkout.citySuggestions}
      text={field.text}
      onText={field.onText}
      suggest={field.suggest}
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
      onPick={field.onPick}
      loading={cities.isFetching || field.waiting}
      status={settled ? t.checkout.citiesFound(options.length) : ''}
      hint={chosen ? details(chosen) : t.checkout.cityHint}
      error={error}
    >
      {settled && options.length === 0 && !cities.isFetching && <Form.Text className="d-block text-danger">{t.checkout.noCities}</Form.Text>}
      {cities.isError && (
        <div className="mt-2">
          <ErrorMessage error={cities.error} />
          {field.typed && (
            <button type="button" className="btn btn-link p-0" onClick={() => onTypedCity(field.typed)}>
              {t.checkout.useTypedCity(field.typed)}
            </button>
          )}
        </div>
      )}
    </DirectoryCombobox>
  );
}
