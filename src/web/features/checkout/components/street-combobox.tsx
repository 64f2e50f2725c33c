import Form from 'react-bootstrap/Form';
import type { Street } from '../../../../shared/delivery';
import { ErrorMessage } from '../../../components/message';
import { useT } from '../../../i18n';
import { checkoutTexts } from '../../../i18n/feature-texts/checkout';
import { useStreets } from '../api';
import { DirectoryCombobox, useDirectoryText } from './combobox';

interface Props {
  settlementRef: string;
  chosen: Street | null;
  onChoose: (street: Street | null) => void;
  error?: string;
}

/** The street of a courier delivery, from the settlement's streets (Address.searchSettlementStreets, docs/delivery.md). */
export function StreetCombobox({ settlementRef, chosen, onChoose, error }: Props) {
  const t = useT(checkoutTexts);
  const field = useDirectoryText(chosen, chosen?.name ?? '', onChoose);
  const streets = useStreets(settlementRef, field.query);
  const options = field.suggest ? (streets.data?.streets ?? []) : [];
  const settled = field.suggest && streets.isSuccess && !field.waiting && !streets.isFetching;

  return (
    <DirectoryCombobox
      label={t.checkout.street}
      placeholder={t.checkout.streetPlaceholder}
      listLabel={t.checkout.streetSuggestions}
      text={field.text}
      onText={field.onText}
      suggest={field.suggest}
      options={options}
      optionKey={(street) => street.ref}
      renderOption={(street) => street.name}
      onPick={field.onPick}
      loading={streets.isFetching || field.waiting}
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
