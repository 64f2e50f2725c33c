import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { MIN_CITY_QUERY, type Street } from '../../../../shared/delivery';
import { ErrorMessage } from '../../../components/message';
import { useT } from '../../../i18n';
import { checkoutTexts } from '../../../i18n/feature-texts/checkout';
import { useDebounced, useStreets } from '../api';
import { DirectoryCombobox } from './combobox';

interface Props {
  settlementRef: string;
  chosen: Street | null;
  onChoose: (street: Street | null) => void;
  error?: string;
}

/** The street of a courier delivery, from the settlement's streets (Address.searchSettlementStreets, docs/delivery.md). */
export function StreetCombobox({ settlementRef, chosen, onChoose, error }: Props) {
  const t = useT(checkoutTexts);
  const [text, setText] = useState(chosen?.name ?? '');
  const query = useDebounced(text.trim(), 250);
  const streets = useStreets(settlementRef, query);
  const suggest = text.trim().length >= MIN_CITY_QUERY && chosen === null;
  const options = suggest ? (streets.data?.streets ?? []) : [];
  const settled = suggest && streets.isSuccess && query === text.trim() && !streets.isFetching;

  return (
    <DirectoryCombobox
      label={t.checkout.street}
      placeholder={t.checkout.streetPlaceholder}
      listLabel={t.checkout.streetSuggestions}
      text={text}
      onText={(next) => {
        setText(next);
        if (chosen) onChoose(null);
      }}
      suggest={suggest}
      options={options}
      optionKey={(street) => street.ref}
      renderOption={(street) => street.name}
      onPick={(street) => {
        setText(street.name);
        onChoose(street);
      }}
      loading={streets.isFetching || query !== text.trim()}
      status={settled ? t.checkout.streetsFound(options.length) : ''}
      hint={t.checkout.streetHint}
      error={error}
    >
      {settled && options.length === 0 && <Form.Text className="d-block text-danger">{t.checkout.noStreets}</Form.Text>}
      {streets.isError && (
        <div className="mt-2">
          <ErrorMessage error={streets.error} />
        </div>
      )}
    </DirectoryCombobox>
  );
}
