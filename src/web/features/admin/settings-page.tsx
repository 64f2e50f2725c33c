import { useState, type ChangeEvent, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { notify } from '../../components/notify';
import { ShopSettingsUpdateSchema, type ShopSettings, type ShopSettingsInput } from '../../../shared/settings';
import { OFFER_CONSENT_MODES } from '../../../shared/legal';
import { ApiError } from '../../api/client';
import { issueMessage, useFieldMessage } from '../../api/error-message';
import { formatDecimal } from '../../../shared/decimal';
import { Loader } from '../../components/loader';
import { NumberInput, readNumber } from '../../components/number-input';
import { ErrorMessage } from '../../components/message';
import { PageTitle } from '../../components/page-title';
import { useT } from '../../i18n';
import { adminTexts } from '../../i18n/feature-texts/admin';
import { useAdminSettings, useSaveSettings } from '../../api/settings';
import { useFiscalStatus } from './fiscal-api';
import { OrderLimitsFieldset, orderLimitsForm, type OrderLimitsForm } from './order-limits-fieldset';

type TextSection = 'shop' | 'transfer' | 'novaPoshtaSender' | 'feeds';
const TEXT_FIELDS = {
  shop: ['name', 'phone', 'email', 'address', 'legalName', 'taxId', 'hours'],
  feeds: ['hotlineFirmId'],
  transfer: ['cardNumber', 'iban', 'recipient'],
  novaPoshtaSender: ['contactName', 'phone', 'counterpartyRef', 'contactRef', 'cityRef', 'warehouseRef'],
} as const;

/** One line on whether fiscal receipts go out (docs/fiscal.md): Checkbox is set up in the server's environment, not here. */
function FiscalStatusLine() {
  const t = useT(adminTexts);
  const { data } = useFiscalStatus();
  if (!data) return null;
  return (
    <p className={data.configured ? 'text-success' : 'text-warning-emphasis'} role="status">
      {data.configured && data.apiUrl ? t.admin.settings.fiscalConfigured(data.apiUrl, data.shiftCloseHour ?? 23) : t.admin.settings.fiscalNotConfigured}
    </p>
  );
}

/** The pricing rules as the form edits them: text inputs, and how delivery is charged. */
interface PricingForm {
  taxRatePercent: string;
  shipping: 'carrier' | 'fixed';
  shippingFee: string;
  freeShippingFrom: string;
}

/** /admin/settings (docs/settings.md): the shop's details, transfer details, pricing and waybill sender. */
export default function SettingsPage() {
  const t = useT(adminTexts);
  const { data, isPending, error } = useAdminSettings();
  return (
    <section>
      <PageTitle title={t.admin.settings.title} />
      <h1 className="mb-3">{t.admin.settings.title}</h1>
      <FiscalStatusLine />
      {isPending ? <Loader /> : error ? <ErrorMessage error={error} /> : <SettingsForm settings={data} />}
    </section>
  );
}

const toNumber = (text: string) => readNumber(text) ?? NaN;

function SettingsForm({ settings }: { settings: ShopSettings }) {
  const t = useT(adminTexts);
  const labels = t.admin.settings;
  const save = useSaveSettings();
  const [texts, setTexts] = useState<Record<TextSection, Record<string, string>>>({
    shop: { ...settings.shop },
    transfer: { ...settings.transfer },
    novaPoshtaSender: { ...settings.novaPoshtaSender },
    feeds: { ...settings.feeds },
  });
  const [pricing, setPricing] = useState<PricingForm>({
    taxRatePercent: formatDecimal(settings.pricing.taxRatePercent),
    shipping: settings.pricing.shippingFee === null ? 'carrier' : 'fixed',
    shippingFee: formatDecimal(settings.pricing.shippingFee),
    freeShippingFrom: formatDecimal(settings.pricing.freeShippingFrom),
  });
  const [offerConsent, setOfferConsent] = useState(settings.legal.offerConsent);
  const [orderLimits, setOrderLimits] = useState<OrderLimitsForm>(() => orderLimitsForm(settings.orderLimits));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = useFieldMessage();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      ...texts,
      pricing: {
        taxRatePercent: toNumber(pricing.taxRatePercent),
        shippingFee: pricing.shipping === 'carrier' ? null : toNumber(pricing.shippingFee),
        freeShippingFrom: pricing.freeShippingFrom.trim() === '' ? null : toNumber(pricing.freeShippingFrom),
      },
      legal: { offerConsent },
      orderLimits: Object.fromEntries(Object.entries(orderLimits).map(([name, text]) => [name, toNumber(text)])),
    } as ShopSettingsInput;
    // The server's own schema checks first, so mistakes show beside their fields at once.
    const parsed = ShopSettingsUpdateSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])));
      return;
    }
    setErrors({});
    save.mutate(input, {
      onSuccess: () => notify.success(labels.saved),
      onError: (e) => {
        if (e instanceof ApiError && e.errors) setErrors(Object.fromEntries(e.errors.map((issue) => [issue.path, issueMessage(issue)])));
        notify.failure(e);
      },
    });
  };

  const textField = (section: TextSection, name: string, rows?: number) => {
    const id = `settings-${section}-${name}`;
    const error = errors[`${section}.${name}`];
    return (
      <Col md={rows ? 12 : 6} key={id}>
        <Form.Group className="mb-3" controlId={id}>
          <Form.Label>{(labels.fields[section] as Record<string, string>)[name]}</Form.Label>
          <Form.Control
            {...(rows ? { as: 'textarea' as const, rows } : {})}
            value={texts[section][name] ?? ''}
            isInvalid={!!error}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => setTexts((all) => ({ ...all, [section]: { ...all[section], [name]: e.target.value } }))}
          />
          <Form.Control.Feedback type="invalid" id={`${id}-error`}>
            {field(error)}
          </Form.Control.Feedback>
        </Form.Group>
      </Col>
    );
  };

  const pricingField = (name: 'taxRatePercent' | 'shippingFee' | 'freeShippingFrom', hint?: string, disabled = false) => {
    const id = `settings-pricing-${name}`;
    const error = errors[`pricing.${name}`];
    return (
      <Form.Group className="mb-3" controlId={id}>
        <Form.Label>{labels.fields.pricing[name]}</Form.Label>
        <NumberInput
          value={pricing[name]}
          disabled={disabled}
          isInvalid={!!error}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined}
          onChange={(e: ChangeEvent<HTMLInputElement>) => setPricing((p) => ({ ...p, [name]: e.target.value }))}
        />
        {hint && (
          <Form.Text id={`${id}-hint`} muted>
            {hint}
          </Form.Text>
        )}
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {field(error)}
        </Form.Control.Feedback>
      </Form.Group>
    );
  };

  return (
    <Form noValidate onSubmit={onSubmit}>
      <fieldset className="mb-4">
        <legend className="h4">{labels.sections.shop}</legend>
        <Row>
          {TEXT_FIELDS.shop.map((name) => textField('shop', name))}
          {textField('shop', 'description', 2)}
          {textField('shop', 'about', 6)}
        </Row>
      </fieldset>

      <fieldset className="mb-4">
        <legend className="h4">{labels.sections.pricing}</legend>
        <Row>
          <Col md={4}>{pricingField('taxRatePercent', labels.taxHint)}</Col>
          <Col md={4}>
            <fieldset className="mb-3">
              <legend className="form-label fs-6">{labels.fields.pricing.shipping}</legend>
              <Form.Check
                type="radio"
                id="settings-shipping-carrier"
                name="shipping"
                label={labels.shippingCarrier}
                checked={pricing.shipping === 'carrier'}
                onChange={() => setPricing((p) => ({ ...p, shipping: 'carrier' }))}
              />
              <Form.Check
                type="radio"
                id="settings-shipping-fixed"
                name="shipping"
                label={labels.shippingFixed}
                checked={pricing.shipping === 'fixed'}
                onChange={() => setPricing((p) => ({ ...p, shipping: 'fixed' }))}
              />
            </fieldset>
            {pricingField('shippingFee', undefined, pricing.shipping === 'carrier')}
          </Col>
          <Col md={4}>{pricingField('freeShippingFrom', labels.freeHint)}</Col>
        </Row>
      </fieldset>

      <fieldset className="mb-4">
        <legend className="h4">{labels.sections.legal}</legend>
        <p className="text-body-secondary small">{labels.offerConsentHint}</p>
        {OFFER_CONSENT_MODES.map((mode) => (
          <Form.Check
            key={mode}
            type="radio"
            id={`settings-offer-consent-${mode}`}
            name="offerConsent"
            label={labels.offerConsent[mode]}
            checked={offerConsent === mode}
            onChange={() => setOfferConsent(mode)}
          />
        ))}
      </fieldset>

      <fieldset className="mb-4">
        <legend className="h4">{labels.sections.transfer}</legend>
        <p className="text-body-secondary small">{labels.transferHint}</p>
        <Row>{TEXT_FIELDS.transfer.map((name) => textField('transfer', name))}</Row>
      </fieldset>

      <fieldset className="mb-4">
        <legend className="h4">{labels.sections.novaPoshtaSender}</legend>
        <p className="text-body-secondary small">{labels.senderHint}</p>
        <Row>{TEXT_FIELDS.novaPoshtaSender.map((name) => textField('novaPoshtaSender', name))}</Row>
      </fieldset>

      <OrderLimitsFieldset value={orderLimits} onChange={setOrderLimits} errors={errors} />
      <fieldset className="mb-4">
        <legend className="h4">{labels.sections.feeds}</legend>
        <p className="text-body-secondary small">{labels.feedsHint}</p>
        <Row>{TEXT_FIELDS.feeds.map((name) => textField('feeds', name))}</Row>
      </fieldset>

      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? labels.saving : labels.save}
      </Button>
      {save.isPending && (
        <span className="ms-2">
          <Loader small />
        </span>
      )}
    </Form>
  );
}
