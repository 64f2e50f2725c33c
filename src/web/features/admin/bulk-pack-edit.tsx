import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { parseDecimal } from '../../../shared/decimal';
import type { VariantBulkChange } from '../../../shared/products';
import { notify } from '../../components/notify';
import { useT } from '../../i18n';
import { adminTexts } from '../../i18n/feature-texts/admin';
import { useChangeVariants } from './products-api';

/**
 * The product list's bulk edit (docs/screens.md): the price, discount or stock typed here is set on
 * every chosen pack in one request; a field left empty stays as each pack has it.
 */
export function BulkPackEdit({ selected, onDone }: { selected: string[]; onDone: () => void }) {
  const t = useT(adminTexts);
  const text = t.admin.products.bulk;
  const change = useChangeVariants();
  const [price, setPrice] = useState('');
  const [discount, setDiscount] = useState('');
  const [stock, setStock] = useState('');
  const [problem, setProblem] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = (value: string) => (value.trim() ? parseDecimal(value) : undefined);
    const [p, d, s] = [read(price), read(discount), read(stock)];
    if (p === null || d === null || s === null || (p === undefined && d === undefined && s === undefined)) {
      setProblem(text.invalid);
      return;
    }
    setProblem('');
    const changes: VariantBulkChange[] = selected.map((id) => ({
      id,
      ...(p !== undefined ? { price: p } : {}),
      ...(d !== undefined ? { discount: d } : {}),
      ...(s !== undefined ? { countInStock: s } : {}),
    }));
    change.mutate(changes, {
      onSuccess: () => {
        notify.success(text.done(selected.length));
        setPrice('');
        setDiscount('');
        setStock('');
        onDone();
      },
      onError: (error) => notify.failure(error),
    });
  };

  return (
    <Form onSubmit={submit} className="border rounded p-2 mb-3 bg-light" aria-label={text.title}>
      <p className="fw-semibold mb-2" aria-live="polite">
        {text.chosen(selected.length)}
      </p>
      <div className="d-flex flex-wrap align-items-end gap-2">
        <Form.Group controlId="bulk-price">
          <Form.Label className="small mb-0">{text.price}</Form.Label>
          <Form.Control size="sm" inputMode="decimal" style={{ width: '7rem' }} value={price} onChange={(e) => setPrice(e.target.value)} />
        </Form.Group>
        <Form.Group controlId="bulk-discount">
          <Form.Label className="small mb-0">{text.discount}</Form.Label>
          <Form.Control size="sm" inputMode="numeric" style={{ width: '6rem' }} value={discount} onChange={(e) => setDiscount(e.target.value)} />
        </Form.Group>
        <Form.Group controlId="bulk-stock">
          <Form.Label className="small mb-0">{text.stock}</Form.Label>
          <Form.Control size="sm" inputMode="numeric" style={{ width: '6rem' }} value={stock} onChange={(e) => setStock(e.target.value)} />
        </Form.Group>
        <Button type="submit" size="sm" disabled={change.isPending}>
          {text.apply}
        </Button>
        <Button type="button" size="sm" variant="outline-secondary" onClick={onDone}>
          {text.clear}
        </Button>
      </div>
      <Form.Text>{text.hint}</Form.Text>
      {problem && (
        <p className="text-danger small mb-0" role="alert">
          {problem}
        </p>
      )}
    </Form>
  );
}
