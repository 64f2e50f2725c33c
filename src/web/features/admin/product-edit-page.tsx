import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { notify } from '../../components/notify';
import type { AttributeDefinition, Category } from '../../../shared/categories';
import { PLACEHOLDER_IMAGE } from '../../../shared/product-images';
import {
  ProductUpdateSchema,
  PRODUCT_STATUSES,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  type ProductDetail,
  type ProductUpdate,
  type ProductUpdateInput,
} from '../../../shared/products';
import { ApiError } from '../../api/client';
import { useAdminCategories } from '../../api/categories';
import { issueMessage, useFieldMessage } from '../../api/error-message';
import { Loader } from '../../components/loader';
import { ErrorMessage } from '../../components/message';
import { NumberInput, readNumber } from '../../components/number-input';
import { PageTitle } from '../../components/page-title';
import { useT } from '../../i18n';
import { adminTexts } from '../../i18n/feature-texts/admin';
import { paths } from '../../../shared/routes';
import { producerLabel } from './product-labels';
import { useAdminProduct, useUpdateProduct } from './products-api';
import { GalleryEditor } from './gallery-editor';
import { VariantsEditor } from './variants-editor';
import { AuditHistory } from '../back-office';

/** Empty optional number fields mean "not set", not zero. */
const numberOrNull = (value: unknown) => readNumber(value, null);
const textOrNull = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** /admin/product/{id}/edit (docs/screens.md). */
export default function ProductEditPage() {
  const t = useT(adminTexts);
  const { id = '' } = useParams();
  const product = useAdminProduct(id);
  const categories = useAdminCategories();
  return (
    <>
      <PageTitle title={t.admin.productEdit.title} />
      <Link to={paths.admin.products} className="btn btn-light mb-3">
        {t.admin.productEdit.back}
      </Link>
      <h1 className="h2 mb-3">{t.admin.productEdit.title}</h1>
      {product.isPending || categories.isPending ? (
        <Loader />
      ) : product.error || !product.data || categories.error ? (
        <ErrorMessage error={product.error ?? categories.error} />
      ) : (
        <>
          <ProductForm key={product.data.id} product={product.data} categories={categories.data.categories} />
          <AuditHistory entity="product" id={product.data.id} />
        </>
      )}
    </>
  );
}

/** The category's attribute values of a product, every defined key present (null: not set). */
const attributeValuesFor = (definitions: AttributeDefinition[], values: Record<string, unknown>) =>
  Object.fromEntries(definitions.map((d) => [d.key, (values[d.key] ?? null) as string | number | boolean | null]));

function toFormValues(product: ProductDetail, definitions: AttributeDefinition[]): ProductUpdateInput {
  return {
    name: product.name,
    status: product.status,
    // The editor's order: as the admin left them.
    variants: [...product.variants]
      .sort((a, b) => a.position - b.position)
      .map((v) => ({
        id: v.id,
        sku: v.sku,
        label: v.label,
        price: v.price,
        discount: v.discount,
        countInStock: v.countInStock,
        weight: v.weight,
        gtin: v.gtin ?? '',
        lowStockThreshold: v.lowStockThreshold ?? 5,
      })),
    image: product.image,
    images: product.images.filter((i) => i.url !== PLACEHOLDER_IMAGE).map((i) => ({ url: i.url, alt: i.alt, altEn: i.altEn })),
    producer: product.producer,
    brand: product.brand ?? '',
    category: product.category,
    description: product.description,
    attributes: attributeValuesFor(definitions, product.attributes),
  };
}

function ProductForm({ product, categories }: { product: ProductDetail; categories: Category[] }) {
  const t = useT(adminTexts);
  const text = t.admin.productEdit;
  const navigate = useNavigate();
  const update = useUpdateProduct(product.id);
  const [uploading, setUploading] = useState(false);
  const {
    register,
    handleSubmit,
    control,
    setValue,
    setError,
    getValues,
    formState: { errors, isSubmitted, isValid },
  } = useForm<ProductUpdateInput, unknown, ProductUpdate>({
    resolver: zodResolver(ProductUpdateSchema),
    defaultValues: toFormValues(product, categories.find((c) => c.slug === product.category)?.attributes ?? []),
    // Errors appear on submit, then follow each change: a blur never moves the Save button away mid-click.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const fieldText = useFieldMessage();
  // useWatch rather than watch(): a subscription React can see, so memoised code never goes stale.
  const category = useWatch({ control, name: 'category' });
  const chosen = categories.find((c) => c.slug === category);
  const definitions = chosen?.attributes ?? [];
  const producerNames = chosen?.producers.map((p) => p.name) ?? [];
  const producers = producerNames.length ? producerNames : null;
  // A product is filed under a category, never under a group (docs/domain.md).
  const groups = categories.filter((c) => !c.parent);
  const fileable = (list: Category[]) => list.filter((c) => !categories.some((child) => child.parent === c.slug));

  // A producer of another category (a hop country for yeast) is not kept when the category changes.
  const producerKey = producerNames.join('|');
  useEffect(() => {
    const producer = getValues('producer');
    const names = producerKey ? producerKey.split('|') : [];
    if (names.length && producer && !names.includes(producer)) setValue('producer', '', { shouldDirty: true });
  }, [producerKey, getValues, setValue]);

  // Only the chosen category's attributes are sent: another category's would be refused.
  const onSubmit = (values: ProductUpdate) =>
    update
      .mutateAsync({ ...values, image: values.images?.[0]?.url ?? PLACEHOLDER_IMAGE, attributes: attributeValuesFor(definitions, values.attributes ?? {}) })
      .then(
        () => {
          notify.success(text.updated);
          navigate(paths.admin.products);
        },
        (error: unknown) => {
          // The server speaks the same schema: put its field messages beside the fields.
          if (error instanceof ApiError && error.errors?.length) {
            for (const issue of error.errors) setError(issue.path as FieldPath<ProductUpdateInput>, { message: issueMessage(issue) });
          }
          notify.failure(error);
        },
      );

  /** Marks a field invalid and ties its hint and error message to it for screen readers. */
  const state = (field: keyof ProductUpdateInput, hint?: string) => ({
    isInvalid: Boolean(errors[field]),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': [hint, errors[field] ? `${field}-error` : undefined].filter(Boolean).join(' ') || undefined,
  });
  const feedback = (field: Exclude<keyof ProductUpdateInput, 'attributes'>) =>
    errors[field] ? (
      <Form.Control.Feedback type="invalid" id={`${field}-error`}>
        {fieldText(errors[field]?.message)}
      </Form.Control.Feedback>
    ) : null;

  const attributeErrors = errors.attributes as Record<string, { message?: string } | undefined> | undefined;
  const errorText = (key: string) => (attributeErrors?.[key]?.message ? fieldText(attributeErrors[key]?.message) : undefined);

  return (
    <Form noValidate onSubmit={handleSubmit(onSubmit)} aria-busy={update.isPending}>
      <Row className="g-3">
        <Col lg={7}>
          <Form.Group controlId="name" className="mb-3">
            <Form.Label>{text.name}</Form.Label>
            <Form.Control {...register('name')} maxLength={PRODUCT_NAME_MAX} {...state('name')} />
            {feedback('name')}
          </Form.Group>
          <Row className="g-3 mb-3">
            <Form.Group as={Col} sm={6} controlId="category">
              <Form.Label>{text.category}</Form.Label>
              <Form.Select {...register('category')} {...state('category')}>
                {groups.map((group) => {
                  const children = categories.filter((c) => c.parent === group.slug);
                  return children.length ? (
                    <optgroup key={group.slug} label={group.name}>
                      {fileable(children).map((c) => (
                        <option key={c.slug} value={c.slug}>
                          {c.name}
                        </option>
                      ))}
                    </optgroup>
                  ) : (
                    <option key={group.slug} value={group.slug}>
                      {group.name}
                    </option>
                  );
                })}
              </Form.Select>
              {feedback('category')}
            </Form.Group>
            <Form.Group as={Col} sm={6} controlId="producer">
              <Form.Label>{category === 'Hops' ? text.country : text.producer}</Form.Label>
              {producers ? (
                <Form.Select {...register('producer')} {...state('producer')}>
                  <option value="">{text.chooseProducer}</option>
                  {producers.map((p) => (
                    <option key={p} value={p}>
                      {producerLabel(t, category, p)}
                    </option>
                  ))}
                </Form.Select>
              ) : (
                <Form.Control {...register('producer')} maxLength={100} {...state('producer')} />
              )}
              {feedback('producer')}
            </Form.Group>
            <Form.Group as={Col} sm={6} controlId="brand">
              <Form.Label>{text.brand}</Form.Label>
              <Form.Control {...register('brand')} maxLength={100} {...state('brand')} />
              <Form.Text id="brand-hint" muted>
                {text.brandHint}
              </Form.Text>
              {feedback('brand')}
            </Form.Group>
          </Row>
          <VariantsEditor control={control} register={register} errors={errors} />
          {definitions.length > 0 && (
            <fieldset className="mb-3">
              <legend className="fs-6 fw-semibold">{text.attributes}</legend>
              <Row className="g-3">
                {definitions.map((d) => (
                  <AttributeField key={`${category}.${d.key}`} definition={d} register={register} error={errorText(d.key)} />
                ))}
              </Row>
            </fieldset>
          )}
          <Form.Group controlId="description" className="mb-3">
            <Form.Label>{text.description}</Form.Label>
            <Form.Control as="textarea" rows={6} maxLength={PRODUCT_DESCRIPTION_MAX} {...register('description')} {...state('description')} />
            {feedback('description')}
          </Form.Group>
        </Col>
        <Col lg={5}>
          <Form.Group controlId="status" className="mb-3">
            <Form.Label>{text.status}</Form.Label>
            <Form.Select {...register('status')} {...state('status', 'status-hint')}>
              {PRODUCT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {text.statuses[status]}
                </option>
              ))}
            </Form.Select>
            <Form.Text id="status-hint">{text.statusHint}</Form.Text>
            {feedback('status')}
          </Form.Group>
          <GalleryEditor control={control} register={register} productName={getValues('name')} onUploading={setUploading} />
        </Col>
      </Row>
      {isSubmitted && !isValid && (
        <p className="text-danger" role="alert">
          {text.fixErrors}
        </p>
      )}
      <div className="d-flex flex-wrap gap-2 mb-4">
        <Button type="submit" disabled={update.isPending || uploading}>
          {update.isPending ? text.saving : text.save}
        </Button>
        <Link to={paths.product(product.slug)} className="btn btn-outline-secondary">
          {text.viewInShop}
        </Link>
      </div>
    </Form>
  );
}

/** One attribute of the product's category, as its type wants it (docs/domain.md). */
function AttributeField({
  definition: d,
  register,
  error,
}: {
  definition: AttributeDefinition;
  register: ReturnType<typeof useForm<ProductUpdateInput, unknown, ProductUpdate>>['register'];
  error: string | undefined;
}) {
  const t = useT(adminTexts);
  const name = `attributes.${d.key}` as const;
  const id = `attribute-${d.key}`;
  const label = d.unit ? `${d.name}, ${d.unit}` : d.name;
  const invalid = { isInvalid: Boolean(error), 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined };
  const feedback = error ? (
    <Form.Control.Feedback type="invalid" id={`${id}-error`}>
      {error}
    </Form.Control.Feedback>
  ) : null;
  if (d.type === 'boolean') {
    return (
      <Col sm={6}>
        <Form.Check id={id} label={label} {...register(name)} {...invalid} />
        {feedback}
      </Col>
    );
  }
  return (
    <Form.Group as={Col} sm={6} controlId={id}>
      <Form.Label>{label}</Form.Label>
      {d.type === 'enum' ? (
        <Form.Select {...register(name, { setValueAs: textOrNull })} {...invalid}>
          <option value="">{t.admin.productEdit.attributeNone}</option>
          {d.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.name}
            </option>
          ))}
        </Form.Select>
      ) : d.type === 'number' ? (
        <NumberInput {...register(name, { setValueAs: numberOrNull })} {...invalid} />
      ) : (
        <Form.Control maxLength={200} {...register(name, { setValueAs: textOrNull })} {...invalid} />
      )}
      {feedback}
    </Form.Group>
  );
}
