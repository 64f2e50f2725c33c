import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { FaArrowDown, FaArrowUp, FaPlus, FaTrash } from 'react-icons/fa';
import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { MAX_VARIANTS, type ProductUpdateInput } from '../../../shared/products';
import { useFieldMessage } from '../../api/error-message';
import { readNumber } from '../../components/number-input';
import { useT } from '../../i18n';
import { adminTexts } from '../../i18n/feature-texts/admin';

type PackField = 'sku' | 'label' | 'price' | 'discount' | 'countInStock' | 'weight' | 'gtin' | 'lowStockThreshold';

/**
 * The product's pack sizes in the edit form (docs/screens.md): one group of fields a pack, moved up
 * or down with buttons (keyboard usable, focus follows the moved pack), removed, or added at the
 * end. Validated by the same schema as the server (ProductUpdateSchema.variants).
 */
export function VariantsEditor({
  control,
  register,
  errors,
}: {
  control: Control<ProductUpdateInput>;
  register: UseFormRegister<ProductUpdateInput>;
  errors: FieldErrors<ProductUpdateInput>;
}) {
  const t = useT(adminTexts);
  const text = t.admin.productEdit;
  const fieldText = useFieldMessage();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'variants', keyName: 'key' });
  const listError = errors.variants?.message ?? errors.variants?.root?.message;

  const focusPack = (index: number, control: 'up' | 'down') =>
    // After React has moved the group: the same button of the moved pack keeps the focus.
    requestAnimationFrame(() => document.getElementById(`pack-${index}-${control}`)?.focus());

  const field = (index: number, name: PackField, label: string, props: Record<string, unknown>, width: { xs: number; md: number }) => {
    const error = errors.variants?.[index]?.[name];
    const id = `variants-${index}-${name}`;
    return (
      <Form.Group as={Col} xs={width.xs} md={width.md} controlId={id}>
        <Form.Label className="small mb-1">{label}</Form.Label>
        <Form.Control
          {...props}
          {...register(`variants.${index}.${name}`, name === 'sku' || name === 'label' || name === 'gtin' ? {} : { setValueAs: (value) => readNumber(value) })}
          isInvalid={Boolean(error)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error && (
          <Form.Control.Feedback type="invalid" id={`${id}-error`}>
            {fieldText(error.message)}
          </Form.Control.Feedback>
        )}
      </Form.Group>
    );
  };

  return (
    <section aria-labelledby="packs-title" className="mb-3">
      <h2 id="packs-title" className="h5 mb-1">
        {text.packs}
      </h2>
      <p className="small text-body-secondary mb-2">{text.packsHint}</p>
      {listError && (
        <p className="text-danger small" role="alert">
          {fieldText(listError)}
        </p>
      )}
      <ol className="list-unstyled mb-2">
        {fields.map((pack, index) => {
          const n = index + 1;
          return (
            <li key={pack.key} className="border rounded p-2 mb-2">
              <fieldset>
                <div className="d-flex align-items-center gap-1 mb-1">
                  <legend className="h6 mb-0 me-auto float-none w-auto">{text.pack(n)}</legend>
                  <Button
                    id={`pack-${index}-up`}
                    variant="light"
                    size="sm"
                    disabled={index === 0}
                    aria-label={text.moveUp(n)}
                    title={text.moveUp(n)}
                    onClick={() => {
                      move(index, index - 1);
                      focusPack(index - 1, index - 1 === 0 ? 'down' : 'up');
                    }}
                  >
                    <FaArrowUp aria-hidden />
                  </Button>
                  <Button
                    id={`pack-${index}-down`}
                    variant="light"
                    size="sm"
                    disabled={index === fields.length - 1}
                    aria-label={text.moveDown(n)}
                    title={text.moveDown(n)}
                    onClick={() => {
                      move(index, index + 1);
                      focusPack(index + 1, index + 1 === fields.length - 1 ? 'up' : 'down');
                    }}
                  >
                    <FaArrowDown aria-hidden />
                  </Button>
                  <Button
                    variant="light"
                    size="sm"
                    disabled={fields.length === 1}
                    aria-label={text.removePack(n)}
                    title={text.removePack(n)}
                    onClick={() => remove(index)}
                  >
                    <FaTrash aria-hidden />
                  </Button>
                </div>
                <Row className="g-2">
                  {field(index, 'label', text.packLabel, { maxLength: 40, placeholder: '100 г' }, { xs: 6, md: 3 })}
                  {field(index, 'sku', text.sku, { maxLength: 64, autoCapitalize: 'characters', spellCheck: false }, { xs: 6, md: 5 })}
                  {field(index, 'gtin', text.gtin, { inputMode: 'numeric', maxLength: 14 }, { xs: 12, md: 4 })}
                  {field(index, 'price', text.price, { type: 'text', inputMode: 'decimal', autoComplete: 'off' }, { xs: 6, md: 3 })}
                  {field(index, 'discount', text.discount, { type: 'text', inputMode: 'numeric', autoComplete: 'off' }, { xs: 6, md: 2 })}
                  {field(index, 'countInStock', text.stock, { type: 'text', inputMode: 'numeric', autoComplete: 'off' }, { xs: 6, md: 2 })}
                  {field(index, 'lowStockThreshold', text.lowStockThreshold, { type: 'text', inputMode: 'numeric', autoComplete: 'off' }, { xs: 6, md: 2 })}
                  {field(index, 'weight', text.weight, { type: 'text', inputMode: 'decimal', autoComplete: 'off' }, { xs: 6, md: 3 })}
                </Row>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <Button
        variant="outline-primary"
        size="sm"
        disabled={fields.length >= MAX_VARIANTS}
        onClick={() => append({ sku: '', label: '', price: 0, discount: 0, countInStock: 0, weight: 0.1, gtin: '', lowStockThreshold: 5 })}
      >
        <FaPlus aria-hidden /> {text.addPack}
      </Button>
    </section>
  );
}
