import type { ChangeEvent } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import type { OrderLimits } from '../../../shared/order-limits';
import { useFieldMessage } from '../../api/error-message';
import { NumberInput } from '../../components/number-input';
import { useT } from '../../i18n';
import { adminTexts } from '../../i18n/feature-texts/admin';

/** The form's text of each limit; the page turns them into numbers when it saves. */
export type OrderLimitsForm = Record<keyof OrderLimits, string>;
const FIELDS: (keyof OrderLimits)[] = ['guestLineQty', 'guestOrderQty', 'customerLineQty', 'customerOrderQty', 'maxStockSharePercent'];

export const orderLimitsForm = (limits: OrderLimits): OrderLimitsForm =>
  Object.fromEntries(FIELDS.map((name) => [name, String(limits[name])])) as OrderLimitsForm;

/**
 * How much stock one unconfirmed order may hold (docs/orders.md, "Limits"), in a section of its own:
 * units of one product and of the whole order, for guests and for signed-in customers, and the share
 * of a product's stock above which the shop wants to be asked first.
 */
export function OrderLimitsFieldset({
  value,
  onChange,
  errors,
}: {
  value: OrderLimitsForm;
  onChange: (next: OrderLimitsForm) => void;
  errors: Record<string, string>;
}) {
  const t = useT(adminTexts);
  const labels = t.admin.settings.orderLimits;
  const field = useFieldMessage();
  return (
    <fieldset className="mb-4">
      <legend className="h4">{labels.title}</legend>
      <p className="text-body-secondary small">{labels.hint}</p>
      <Row>
        {FIELDS.map((name) => {
          const id = `settings-orderLimits-${name}`;
          const error = errors[`orderLimits.${name}`];
          return (
            <Col md={name === 'maxStockSharePercent' ? 12 : 6} key={name}>
              <Form.Group className="mb-3" controlId={id}>
                <Form.Label>{labels.fields[name]}</Form.Label>
                <NumberInput
                  value={value[name]}
                  integer
                  isInvalid={!!error}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={(e: ChangeEvent<HTMLInputElement>) => onChange({ ...value, [name]: e.target.value })}
                />
                <Form.Control.Feedback type="invalid" id={`${id}-error`}>
                  {field(error)}
                </Form.Control.Feedback>
              </Form.Group>
            </Col>
          );
        })}
      </Row>
    </fieldset>
  );
}
