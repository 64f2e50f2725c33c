import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { ATTRIBUTE_TYPES, type AttributeType, type Category, type CategoryFormInput } from '../../../shared/categories';
import { slugify } from '../../../shared/product-path';
import { useAdminCategories, useDeleteCategory, useDeleteProducer, useSaveCategory, useSaveProducer } from '../../api/categories';
import { Loader } from '../../components/loader';
import { ErrorMessage } from '../../components/message';
import { notify } from '../../components/notify';
import { PageTitle } from '../../components/page-title';
import { SubmitButton } from '../../components/submit-button';
import { useT } from '../../i18n';
import { adminTexts } from '../../i18n/feature-texts/admin';

interface AttributeDraft {
  key: string;
  name: string;
  nameEn: string;
  type: AttributeType;
  unit: string;
  /** Enum values as the owner types them: names separated by commas. */
  options: string;
  filterable: boolean;
  /** The values existing options already have, by name: products hold them. */
  known: Record<string, { value: string; nameEn: string }>;
}

interface CategoryDraft {
  id: string | null;
  slug: string;
  slugTouched: boolean;
  name: string;
  nameEn: string;
  parent: string;
  position: number;
  visible: boolean;
  description: string;
  googleProductCategory: string;
  attributes: AttributeDraft[];
}

const emptyDraft = (): CategoryDraft => ({
  id: null,
  slug: '',
  slugTouched: false,
  name: '',
  nameEn: '',
  parent: '',
  position: 10,
  visible: true,
  description: '',
  googleProductCategory: '',
  attributes: [],
});

const draftOf = (c: Category): CategoryDraft => ({
  id: c.id,
  slug: c.slug,
  slugTouched: true,
  name: c.name,
  nameEn: c.nameEn,
  parent: c.parent ?? '',
  position: c.position,
  visible: c.visible,
  description: c.description,
  googleProductCategory: c.googleProductCategory,
  attributes: c.attributes.map((a) => ({
    key: a.key,
    name: a.name,
    nameEn: a.nameEn,
    type: a.type,
    unit: a.unit,
    options: a.options.map((o) => o.name).join(', '),
    filterable: a.filterable,
    known: Object.fromEntries(a.options.map((o) => [o.name, { value: o.value, nameEn: o.nameEn }])),
  })),
});

/** "Alpha acids" → "alphaAcids": an attribute's key from its name, as the API wants it. */
const keyFrom = (name: string) =>
  slugify(name)
    .split('-')
    .map((w, i) => (i === 0 ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join('')
    .replace(/^[^a-z]+/, '')
    .slice(0, 40);

function toInput(draft: CategoryDraft): CategoryFormInput {
  return {
    slug: draft.slug,
    name: draft.name,
    nameEn: draft.nameEn || draft.name,
    parent: draft.parent || null,
    position: draft.position,
    visible: draft.visible,
    description: draft.description,
    googleProductCategory: draft.googleProductCategory,
    attributes: draft.attributes.map((a) => ({
      key: a.key || keyFrom(a.nameEn || a.name),
      name: a.name,
      nameEn: a.nameEn || a.name,
      type: a.type,
      unit: a.unit,
      filterable: a.filterable,
      options:
        a.type === 'enum'
          ? a.options
              .split(',')
              .map((o) => o.trim())
              .filter(Boolean)
              .map((name) => ({ value: a.known[name]?.value ?? slugify(name).slice(0, 40), name, nameEn: a.known[name]?.nameEn ?? name }))
          : [],
    })),
  };
}

/**
 * /admin/categories (docs/screens.md): the catalogue's tree, each category's attributes and the
 * producers. A category with products is never deleted (the server answers 409 and says why).
 */
export default function CategoriesPage() {
  const t = useT(adminTexts);
  const labels = t.admin.categories;
  const { data, isPending, error } = useAdminCategories();
  const [draft, setDraft] = useState<CategoryDraft | null>(null);
  const remove = useDeleteCategory();

  if (isPending) return <Loader />;
  if (error) return <ErrorMessage error={error} />;
  const categories = data.categories;
  const ordered = categories.filter((c) => !c.parent).flatMap((c) => [c, ...categories.filter((child) => child.parent === c.slug)]);

  return (
    <>
      <PageTitle title={labels.title} />
      <h1 className="mb-2">{labels.title}</h1>
      <p className="text-body-secondary">{labels.intro}</p>
      <Button className="mb-3" onClick={() => setDraft(emptyDraft())}>
        {labels.add}
      </Button>
      {draft && <CategoryForm key={draft.id ?? 'new'} initial={draft} categories={categories} onDone={() => setDraft(null)} />}
      <Table striped hover responsive size="sm" className="align-middle">
        <thead>
          <tr>
            <th scope="col">{labels.name}</th>
            <th scope="col">{labels.address}</th>
            <th scope="col">{labels.products}</th>
            <th scope="col">
              <span className="visually-hidden">{labels.actions}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {ordered.map((c) => (
            <tr key={c.id}>
              <td className={c.parent ? 'ps-4' : 'fw-semibold'}>
                {c.name}
                {!c.visible && <span className="badge text-bg-secondary ms-2">{labels.hidden}</span>}
                {c.attributes.length > 0 && <div className="small text-body-secondary">{c.attributes.map((a) => a.name).join(', ')}</div>}
              </td>
              <td className="small text-break">{c.path}</td>
              <td>{c.count}</td>
              <td className="text-nowrap">
                <Button size="sm" variant="outline-primary" className="me-1" onClick={() => setDraft(draftOf(c))} aria-label={labels.editOf(c.name)}>
                  {labels.edit}
                </Button>
                <Button
                  size="sm"
                  variant="outline-danger"
                  aria-label={labels.deleteOf(c.name)}
                  onClick={() => {
                    if (!window.confirm(labels.confirmDelete(c.name))) return;
                    remove.mutate(c.id, { onSuccess: () => notify.success(labels.deleted(c.name)), onError: (e) => notify.failure(e) });
                  }}
                >
                  {labels.delete}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <ProducersSection categories={categories} />
    </>
  );
}

function CategoryForm({ initial, categories, onDone }: { initial: CategoryDraft; categories: Category[]; onDone: () => void }) {
  const t = useT(adminTexts);
  const labels = t.admin.categories;
  const [draft, setDraft] = useState(initial);
  const save = useSaveCategory();
  const set = (changes: Partial<CategoryDraft>) => setDraft((d) => ({ ...d, ...changes }));
  const setAttribute = (index: number, changes: Partial<AttributeDraft>) =>
    setDraft((d) => ({ ...d, attributes: d.attributes.map((a, i) => (i === index ? { ...a, ...changes } : a)) }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { id: draft.id, input: toInput(draft) },
      {
        onSuccess: () => {
          notify.success(labels.saved(draft.name));
          onDone();
        },
        onError: (e) => notify.failure(e),
      },
    );
  };
  const groups = categories.filter((c) => !c.parent && c.id !== draft.id);
  return (
    <Form onSubmit={submit} className="border rounded p-3 mb-4" aria-label={draft.id ? labels.editOf(draft.name) : labels.add}>
      <h2 className="h5">{draft.id ? labels.editOf(initial.name) : labels.add}</h2>
      <div className="row g-2">
        <Form.Group className="col-md-6" controlId="category-name">
          <Form.Label>{labels.name}</Form.Label>
          <Form.Control
            required
            maxLength={80}
            value={draft.name}
            onChange={(e) => set({ name: e.target.value, ...(draft.slugTouched ? {} : { slug: slugify(e.target.value).slice(0, 60) }) })}
          />
        </Form.Group>
        <Form.Group className="col-md-6" controlId="category-name-en">
          <Form.Label>{labels.nameEn}</Form.Label>
          <Form.Control maxLength={80} value={draft.nameEn} onChange={(e) => set({ nameEn: e.target.value })} />
        </Form.Group>
        <Form.Group className="col-md-6" controlId="category-slug">
          <Form.Label>{labels.slug}</Form.Label>
          <Form.Control
            required
            pattern="[A-Za-z0-9][A-Za-z0-9\-]*"
            maxLength={63}
            value={draft.slug}
            disabled={Boolean(draft.id)}
            onChange={(e) => set({ slug: e.target.value, slugTouched: true })}
            aria-describedby="category-slug-help"
          />
          <Form.Text id="category-slug-help">{labels.slugHelp}</Form.Text>
        </Form.Group>
        <Form.Group className="col-md-4" controlId="category-parent">
          <Form.Label>{labels.parent}</Form.Label>
          <Form.Select value={draft.parent} onChange={(e) => set({ parent: e.target.value })}>
            <option value="">{labels.noParent}</option>
            {groups.map((g) => (
              <option key={g.slug} value={g.slug}>
                {g.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-md-2" controlId="category-position">
          <Form.Label>{labels.position}</Form.Label>
          <Form.Control type="number" min={0} max={1000} value={draft.position} onChange={(e) => set({ position: Number(e.target.value) || 0 })} />
        </Form.Group>
        <Form.Group className="col-12" controlId="category-description">
          <Form.Label>{labels.description}</Form.Label>
          <Form.Control as="textarea" rows={2} maxLength={1000} value={draft.description} onChange={(e) => set({ description: e.target.value })} />
        </Form.Group>
        <Form.Group className="col-12" controlId="category-google">
          <Form.Label>{labels.googleProductCategory}</Form.Label>
          <Form.Control
            maxLength={250}
            value={draft.googleProductCategory}
            aria-describedby="category-google-hint"
            onChange={(e) => set({ googleProductCategory: e.target.value })}
          />
          <Form.Text id="category-google-hint" muted>
            {labels.googleProductCategoryHint}
          </Form.Text>
        </Form.Group>
        <Form.Check
          className="col-12"
          id="category-visible"
          label={labels.visible}
          checked={draft.visible}
          onChange={(e) => set({ visible: e.target.checked })}
        />
      </div>

      <h3 className="h6 mt-3">{labels.attributes}</h3>
      {draft.attributes.length === 0 && <p className="small text-body-secondary">{labels.noAttributes}</p>}
      {draft.attributes.map((a, i) => (
        <fieldset key={i} className="border rounded p-2 mb-2">
          <legend className="fs-6 px-1 mb-1">{a.name || labels.newAttribute}</legend>
          <div className="row g-2 align-items-end">
            <Form.Group className="col-md-3" controlId={`attribute-${i}-name`}>
              <Form.Label>{labels.attributeName}</Form.Label>
              <Form.Control required maxLength={80} value={a.name} onChange={(e) => setAttribute(i, { name: e.target.value })} />
            </Form.Group>
            <Form.Group className="col-md-3" controlId={`attribute-${i}-name-en`}>
              <Form.Label>{labels.nameEn}</Form.Label>
              <Form.Control maxLength={80} value={a.nameEn} onChange={(e) => setAttribute(i, { nameEn: e.target.value })} />
            </Form.Group>
            <Form.Group className="col-md-2" controlId={`attribute-${i}-key`}>
              <Form.Label>{labels.attributeKey}</Form.Label>
              <Form.Control
                pattern="[a-z][A-Za-z0-9]*"
                maxLength={40}
                value={a.key}
                placeholder={keyFrom(a.nameEn || a.name)}
                onChange={(e) => setAttribute(i, { key: e.target.value })}
              />
            </Form.Group>
            <Form.Group className="col-6 col-md-2" controlId={`attribute-${i}-type`}>
              <Form.Label>{labels.attributeType}</Form.Label>
              <Form.Select value={a.type} onChange={(e) => setAttribute(i, { type: e.target.value as AttributeType })}>
                {ATTRIBUTE_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {labels.types[type]}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Group className="col-6 col-md-2" controlId={`attribute-${i}-unit`}>
              <Form.Label>{labels.unit}</Form.Label>
              <Form.Control maxLength={20} value={a.unit} onChange={(e) => setAttribute(i, { unit: e.target.value })} />
            </Form.Group>
            {a.type === 'enum' && (
              <Form.Group className="col-12" controlId={`attribute-${i}-options`}>
                <Form.Label>{labels.options}</Form.Label>
                <Form.Control required value={a.options} onChange={(e) => setAttribute(i, { options: e.target.value })} placeholder={labels.optionsExample} />
              </Form.Group>
            )}
            <div className="col-12 d-flex flex-wrap gap-3 align-items-center">
              <Form.Check
                id={`attribute-${i}-filterable`}
                label={labels.filterable}
                checked={a.filterable}
                onChange={(e) => setAttribute(i, { filterable: e.target.checked })}
              />
              <Button size="sm" variant="outline-danger" onClick={() => set({ attributes: draft.attributes.filter((_, j) => j !== i) })}>
                {labels.removeAttribute}
              </Button>
            </div>
          </div>
        </fieldset>
      ))}
      <Button
        variant="outline-secondary"
        size="sm"
        onClick={() =>
          set({ attributes: [...draft.attributes, { key: '', name: '', nameEn: '', type: 'number', unit: '', options: '', filterable: true, known: {} }] })
        }
      >
        {labels.addAttribute}
      </Button>
      <div className="d-flex align-items-center gap-2 mt-3">
        <SubmitButton pending={save.isPending}>{labels.save}</SubmitButton>
        <Button variant="outline-secondary" onClick={onDone}>
          {labels.cancel}
        </Button>
      </div>
    </Form>
  );
}

function ProducersSection({ categories }: { categories: Category[] }) {
  const t = useT(adminTexts);
  const labels = t.admin.categories;
  const save = useSaveProducer();
  const remove = useDeleteProducer();
  const [name, setName] = useState('');
  const [country, setCountry] = useState('');
  const [category, setCategory] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { id: null, input: { name, country, category: category || null } },
      {
        onSuccess: () => {
          notify.success(labels.producerSaved(name));
          setName('');
          setCountry('');
        },
        onError: (e) => notify.failure(e),
      },
    );
  };
  const withProducers = categories.filter((c) => c.producers.length > 0);
  return (
    <section aria-labelledby="producers-title" className="mt-4">
      <h2 id="producers-title" className="h4">
        {labels.producers}
      </h2>
      {withProducers.map((c) => (
        <div key={c.id} className="mb-2">
          <h3 className="h6 mb-1">{c.name}</h3>
          <ul className="list-inline mb-0">
            {c.producers.map((p) => (
              <li key={p.id} className="list-inline-item mb-1">
                <span className="badge text-bg-light border">
                  {p.name}
                  <button
                    type="button"
                    className="btn btn-link btn-sm p-0 ms-1 text-danger"
                    aria-label={labels.deleteOf(p.name)}
                    onClick={() => remove.mutate(p.id, { onSuccess: () => notify.success(labels.deleted(p.name)), onError: (e) => notify.failure(e) })}
                  >
                    ×
                  </button>
                </span>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <Form onSubmit={submit} className="row g-2 align-items-end mt-2" aria-label={labels.addProducer}>
        <Form.Group className="col-md-4" controlId="producer-name">
          <Form.Label>{labels.producerName}</Form.Label>
          <Form.Control required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
        </Form.Group>
        <Form.Group className="col-md-3" controlId="producer-country">
          <Form.Label>{labels.country}</Form.Label>
          <Form.Control maxLength={100} value={country} onChange={(e) => setCountry(e.target.value)} />
        </Form.Group>
        <Form.Group className="col-md-3" controlId="producer-category">
          <Form.Label>{labels.producerCategory}</Form.Label>
          <Form.Select value={category} onChange={(e) => setCategory(e.target.value)}>
            <option value="">{labels.anyCategory}</option>
            {categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <div className="col-md-2">
          <Button type="submit" disabled={save.isPending}>
            {labels.addProducer}
          </Button>
        </div>
      </Form>
    </section>
  );
}
