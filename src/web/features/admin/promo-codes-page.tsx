import { useState, type FormEvent } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { FaEdit, FaPlus, FaTrash } from 'react-icons/fa';
import { PROMO_KINDS, PromoCodeInputSchema, type PromoCode, type PromoCodeInput, type PromoKind } from '../../../shared/promo-codes';
import { formatCalendarDay } from '../../../shared/calendar-day';
import { useFieldMessage } from '../../api/error-message';
import { useAdminCategories } from '../../api/categories';
import { formatUah } from '../../components/format';
import { Loader } from '../../components/loader';
import { ErrorMessage } from '../../components/message';
import { notify } from '../../components/notify';
import { ListTable } from '../../components/list-table';
import { PageTitle } from '../../components/page-title';
import { SubmitButton } from '../../components/submit-button';
import { useT } from '../../i18n';
import { adminTexts } from '../../i18n/feature-texts/admin';
import type { admin } from '../../i18n/uk/admin';
import { usePromoCodes, useProductSearch, useRemovePromoCode, useSavePromoCode } from './promo-codes-api';

type Labels = (typeof admin)['promoCodes'];

/**
 * /admin/promo-codes (docs/promo-codes.md): the codes with what they give and how often they were
 * used; a form to create or edit one; a used code is switched off rather than deleted.
 */
export default function PromoCodesPage() {
  const t = useT(adminTexts);
  const labels = t.admin.promoCodes;
  const { data, isPending, error } = usePromoCodes();
  const [editing, setEditing] = useState<PromoCode | 'new' | null>(null);

  return (
    <>
      <PageTitle title={labels.title} />
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
        <h1 className="mb-0">{labels.title}</h1>
        {editing === null && (
          <Button onClick={() => setEditing('new')}>
            <FaPlus aria-hidden /> {labels.add}
          </Button>
        )}
      </div>
      <p className="text-body-secondary">{labels.intro}</p>
      {editing !== null && (
        <PromoCodeForm key={editing === 'new' ? 'new' : editing.id} code={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
      )}
      <ListTable
        pending={isPending}
        error={error}
        rows={data?.promoCodes}
        empty={labels.empty}
        columns={
          <>
            <th scope="col">{labels.columns.code}</th>
            <th scope="col">{labels.columns.discount}</th>
            <th scope="col">{labels.columns.terms}</th>
            <th scope="col">{labels.columns.used}</th>
            <th scope="col">{labels.columns.status}</th>
            <th scope="col">
              <span className="visually-hidden">{labels.columns.actions}</span>
            </th>
          </>
        }
        row={(code) => <PromoCodeRow key={code.id} code={code} labels={labels} onEdit={() => setEditing(code)} />}
      />
    </>
  );
}

const kyivDay = (date: string | null) => (date ? formatCalendarDay(date) : null);

function PromoCodeRow({ code, labels, onEdit }: { code: PromoCode; labels: Labels; onEdit: () => void }) {
  const remove = useRemovePromoCode();
  const discount =
    code.kind === 'percent'
      ? labels.percentOff(code.percent ?? 0)
      : code.kind === 'fixed'
        ? labels.amountOff(formatUah(code.amount ?? 0))
        : labels.freeDelivery;
  const targets = code.categories.length + code.products.length;
  const terms = [
    code.minOrder > 0 ? labels.fromSum(formatUah(code.minOrder)) : null,
    labels.period(kyivDay(code.validFrom), kyivDay(code.validTo)) || null,
    targets ? labels.targets(targets) : labels.everything,
  ].filter(Boolean);
  const onRemove = () => {
    if (!window.confirm(labels.confirmRemove(code.code))) return;
    remove.mutate(code.id, {
      onSuccess: (result) => notify.success(result.deleted ? labels.removed(code.code) : labels.deactivated(code.code)),
      onError: (error) => notify.failure(error),
    });
  };
  return (
    <tr>
      <td>
        <code className="fs-6">{code.code}</code>
      </td>
      <td className="text-nowrap">{discount}</td>
      <td className="small">{terms.join('; ')}</td>
      <td className="text-nowrap">{labels.used(code.usedCount, code.totalLimit)}</td>
      <td>
        <Badge bg={code.active ? 'success' : 'secondary'}>{code.active ? labels.on : labels.off}</Badge>
      </td>
      <td className="text-end text-nowrap">
        <Button variant="light" size="sm" onClick={onEdit} aria-label={labels.editCode(code.code)} title={labels.edit}>
          <FaEdit aria-hidden />
        </Button>{' '}
        <Button
          variant="light"
          size="sm"
          onClick={onRemove}
          disabled={remove.isPending || (!code.active && code.usedCount > 0)}
          aria-label={code.usedCount > 0 ? labels.deactivateCode(code.code) : labels.removeCode(code.code)}
          title={code.usedCount > 0 ? labels.deactivate : labels.remove}
        >
          <FaTrash aria-hidden />
        </Button>
      </td>
    </tr>
  );
}

interface Draft {
  code: string;
  kind: PromoKind;
  percent: string;
  amount: string;
  minOrder: string;
  validFrom: string;
  validTo: string;
  totalLimit: string;
  perCustomerLimit: string;
  categories: string[];
  products: { id: string; name: string }[];
  active: boolean;
}

const draftOf = (code: PromoCode | null): Draft => ({
  code: code?.code ?? '',
  kind: code?.kind ?? 'percent',
  percent: code?.percent?.toString() ?? '',
  amount: code?.amount?.toString() ?? '',
  minOrder: code && code.minOrder > 0 ? String(code.minOrder) : '',
  validFrom: code?.validFrom ?? '',
  validTo: code?.validTo ?? '',
  totalLimit: code?.totalLimit?.toString() ?? '',
  perCustomerLimit: code?.perCustomerLimit?.toString() ?? '',
  categories: code?.categories ?? [],
  products: (code?.products ?? []).map((id) => ({ id, name: id })),
  active: code?.active ?? true,
});

/** A number typed in the form ("12,5" as well as "12.5"); empty is null. */
const numberOf = (value: string) => (value.trim() === '' ? null : Number(value.replace(',', '.').replace(/\s/g, '')));

const inputOf = (draft: Draft): PromoCodeInput => ({
  code: draft.code,
  kind: draft.kind,
  percent: draft.kind === 'percent' ? numberOf(draft.percent) : null,
  amount: draft.kind === 'fixed' ? numberOf(draft.amount) : null,
  minOrder: numberOf(draft.minOrder) ?? 0,
  validFrom: draft.validFrom || null,
  validTo: draft.validTo || null,
  totalLimit: numberOf(draft.totalLimit),
  perCustomerLimit: numberOf(draft.perCustomerLimit),
  categories: draft.categories,
  products: draft.products.map((p) => p.id),
  active: draft.active,
});

function PromoCodeForm({ code, onDone }: { code: PromoCode | null; onDone: () => void }) {
  const t = useT(adminTexts);
  const labels = t.admin.promoCodes;
  const fieldMessage = useFieldMessage();
  const save = useSavePromoCode();
  const categories = useAdminCategories();
  const [draft, setDraft] = useState(() => draftOf(code));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = inputOf(draft);
    // The same schema the server checks with: its messages, in the admin's language, beside each field.
    const parsed = PromoCodeInputSchema.safeParse(input);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0] ?? 'code')] ??= fieldMessage(issue.message);
      setProblems(found);
      return;
    }
    setProblems({});
    save.mutate(
      { id: code?.id ?? null, input },
      {
        onSuccess: (saved) => {
          notify.success(labels.saved(saved.code));
          onDone();
        },
      },
    );
  };

  const field = (name: keyof Draft, label: string, props: { type?: string; inputMode?: 'numeric' | 'decimal'; hint?: string } = {}) => (
    <Form.Group controlId={`promo-${name}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type={props.type ?? 'text'}
        inputMode={props.inputMode}
        value={draft[name] as string}
        onChange={(e) => set(name, e.target.value as never)}
        isInvalid={Boolean(problems[name])}
        aria-describedby={props.hint ? `promo-${name}-hint` : undefined}
      />
      {props.hint && (
        <Form.Text id={`promo-${name}-hint`} muted>
          {props.hint}
        </Form.Text>
      )}
      <Form.Control.Feedback type="invalid">{problems[name]}</Form.Control.Feedback>
    </Form.Group>
  );

  return (
    <Card className="mb-4">
      <Card.Body>
        <Form onSubmit={submit} noValidate>
          <h2 className="h4">{code ? labels.editTitle(code.code) : labels.newTitle}</h2>
          <Row className="g-3">
            <Col md={4}>{field('code', labels.code, { hint: labels.codeHint })}</Col>
            <Col md={4}>
              <Form.Group controlId="promo-kind">
                <Form.Label>{labels.kind}</Form.Label>
                <Form.Select value={draft.kind} onChange={(e) => set('kind', e.target.value as PromoKind)}>
                  {PROMO_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {labels.kinds[kind]}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
            </Col>
            <Col md={4}>
              {draft.kind === 'percent' && field('percent', labels.percent, { inputMode: 'numeric' })}
              {draft.kind === 'fixed' && field('amount', labels.amount, { inputMode: 'decimal' })}
            </Col>
            <Col md={4}>{field('minOrder', labels.minOrder, { inputMode: 'decimal' })}</Col>
            <Col sm={6} md={4}>
              {field('validFrom', labels.validFrom, { type: 'date' })}
            </Col>
            <Col sm={6} md={4}>
              {field('validTo', labels.validTo, { type: 'date' })}
            </Col>
            <Col sm={6} md={4}>
              {field('totalLimit', labels.totalLimit, { inputMode: 'numeric', hint: labels.limitHint })}
            </Col>
            <Col sm={6} md={4}>
              {field('perCustomerLimit', labels.perCustomerLimit, { inputMode: 'numeric' })}
            </Col>
            <Col md={4} className="d-flex align-items-end">
              <Form.Check id="promo-active" type="switch" label={labels.active} checked={draft.active} onChange={(e) => set('active', e.target.checked)} />
            </Col>
          </Row>
          <fieldset className="mt-3">
            <legend className="h6">{labels.appliesTo}</legend>
            <p className="small text-body-secondary mb-2">{labels.appliesToHint}</p>
            <Row className="g-3">
              <Col md={6}>
                <span className="d-block mb-1">{labels.categories}</span>
                {categories.isPending ? (
                  <Loader small />
                ) : categories.error ? (
                  <ErrorMessage error={categories.error} />
                ) : (
                  <div className="d-flex flex-wrap gap-3">
                    {categories.data.categories.map((category) => (
                      <Form.Check
                        key={category.slug}
                        id={`promo-category-${category.slug}`}
                        label={category.name}
                        checked={draft.categories.includes(category.slug)}
                        onChange={(e) =>
                          set('categories', e.target.checked ? [...draft.categories, category.slug] : draft.categories.filter((slug) => slug !== category.slug))
                        }
                      />
                    ))}
                  </div>
                )}
              </Col>
              <Col md={6}>
                <ProductPicker labels={labels} chosen={draft.products} onChange={(products) => set('products', products)} />
              </Col>
            </Row>
          </fieldset>
          {save.isError && (
            <div className="mt-3">
              <ErrorMessage error={save.error} />
            </div>
          )}
          <div className="d-flex align-items-center gap-2 mt-3">
            <SubmitButton pending={save.isPending}>{labels.save}</SubmitButton>
            <Button variant="outline-secondary" onClick={onDone}>
              {labels.cancel}
            </Button>
          </div>
        </Form>
      </Card.Body>
    </Card>
  );
}

function ProductPicker({ labels, chosen, onChange }: { labels: Labels; chosen: Draft['products']; onChange: (products: Draft['products']) => void }) {
  const [keyword, setKeyword] = useState('');
  const found = useProductSearch(keyword);
  const chosenIds = new Set(chosen.map((p) => p.id));
  return (
    <>
      <Form.Label htmlFor="promo-product-search">{labels.products}</Form.Label>
      <Form.Control id="promo-product-search" type="search" placeholder={labels.productSearch} value={keyword} onChange={(e) => setKeyword(e.target.value)} />
      {found.data && (
        <ul className="list-unstyled mt-2 mb-2">
          {found.data.products
            .filter((product) => !chosenIds.has(product.id))
            .slice(0, 6)
            .map((product) => (
              <li key={product.id}>
                <Button variant="link" size="sm" className="p-0 text-start" onClick={() => onChange([...chosen, { id: product.id, name: product.name }])}>
                  {labels.productAdd(product.name)}
                </Button>
              </li>
            ))}
        </ul>
      )}
      <div className="d-flex flex-wrap gap-2 mt-2">
        {chosen.map((product) => (
          <Badge key={product.id} bg="light" text="dark" className="border d-inline-flex align-items-center gap-1">
            {product.name}
            <Button
              variant="link"
              size="sm"
              className="p-0 lh-1"
              onClick={() => onChange(chosen.filter((p) => p.id !== product.id))}
              aria-label={labels.productRemove(product.name)}
            >
              ×
            </Button>
          </Badge>
        ))}
      </div>
    </>
  );
}
