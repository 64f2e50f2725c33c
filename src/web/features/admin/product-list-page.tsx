import Badge from 'react-bootstrap/Badge';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { FaEdit, FaPlus, FaTrash } from 'react-icons/fa';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { notify } from '../../components/notify';
import type { Product } from '../../../shared/products';
import { formatUah } from '../../components/format';
import { Loader } from '../../components/loader';
import { ErrorMessage, Message } from '../../components/message';
import { PageTitle } from '../../components/page-title';
import { CatalogueFiles } from './export-panels';
import { Paginate } from '../../components/paginate';
import { useT, type Messages } from '../../i18n';
import { adminTexts } from '../../i18n/feature-texts/admin';
import { paths } from '../../../shared/routes';
import { categoryLabel, producerLabel } from './product-labels';
import { useAdminProductList, useCreateProduct, useDeleteProduct } from './products-api';
import { BulkPackEdit } from './bulk-pack-edit';

/** The filter buttons of docs/screens.md: the four groups, 'all', and 'new' (newest first, chosen after a create). */
const FILTERS = ['all', 'new', 'Hops', 'Yeast', 'Malt', 'Equipment'] as const;
type Filter = (typeof FILTERS)[number];
const isFilter = (value: string | null): value is Filter => FILTERS.includes(value as Filter);

function filterLabel(t: Messages & (typeof adminTexts)['uk'], filter: Filter): string {
  switch (filter) {
    case 'all':
    case 'new':
      return t.admin.products.filters[filter];
    case 'Hops':
      return t.catalog.hops;
    case 'Yeast':
      return t.catalog.yeast;
    case 'Malt':
      return t.catalog.malt;
    case 'Equipment':
      return t.catalog.equipment;
  }
}

/** /admin/productlist and /admin/productlist/{page}; the filter lives in `?filter=`. */
export default function ProductListPage() {
  const t = useT(adminTexts);
  const navigate = useNavigate();
  const location = useLocation();
  const params = useParams();
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('filter');
  const filter: Filter = isFilter(requested) ? requested : 'all';
  const page = Number(params.pageNumber);
  const pageNumber = Number.isInteger(page) && page >= 1 ? page : 1;
  const createdId = (location.state as { createdId?: string } | null)?.createdId;

  const category = filter === 'all' || filter === 'new' ? undefined : filter;
  const list = useAdminProductList({ pageNumber, category });
  const create = useCreateProduct();
  const remove = useDeleteProduct();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggle = (ids: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const hrefFor = (n: number, f: Filter = filter) => {
    const base = n === 1 ? paths.admin.products : paths.admin.productsPage(n);
    return f === 'all' ? base : `${base}?filter=${f}`;
  };

  const onCreate = () => {
    if (!window.confirm(t.admin.products.confirmCreate)) return;
    create.mutate(undefined, {
      onSuccess: (product) => {
        notify.success(t.admin.products.created);
        navigate(hrefFor(1, 'new'), { state: { createdId: product.id } });
      },
      onError: (error) => notify.failure(error),
    });
  };

  const onDelete = (product: Product) => {
    if (!window.confirm(t.admin.products.confirmDelete(product.name))) return;
    remove.mutate(product.id, {
      onSuccess: () => notify.success(t.admin.products.deleted(product.name)),
      onError: (error) => notify.failure(error),
    });
  };

  return (
    <>
      <PageTitle title={t.admin.products.title} />
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 className="h2 mb-0">{t.admin.products.title}</h1>
        <Button onClick={onCreate} disabled={create.isPending}>
          {create.isPending ? <Loader small /> : <FaPlus aria-hidden />} {t.admin.products.create}
        </Button>
      </div>
      <CatalogueFiles />
      <div className="d-flex flex-wrap gap-2 mb-3" role="group" aria-label={t.admin.products.filterLabel}>
        {FILTERS.map((f) => (
          <Button key={f} size="sm" variant={filter === f ? 'primary' : 'outline-primary'} aria-pressed={filter === f} onClick={() => navigate(hrefFor(1, f))}>
            {filterLabel(t, f)}
          </Button>
        ))}
      </div>
      {list.isPending ? (
        <Loader />
      ) : list.error || !list.data ? (
        <ErrorMessage error={list.error} />
      ) : list.data.products.length === 0 ? (
        <Message>{t.admin.products.empty}</Message>
      ) : (
        <>
          {selected.size > 0 && <BulkPackEdit selected={[...selected]} onDone={() => setSelected(new Set())} />}
          {/* Scrolls sideways on a phone; positioned so the hidden column caption stays inside. */}
          <div className="table-responsive position-relative">
            <Table striped hover size="sm" className="align-middle">
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">{t.admin.products.bulk.title}</span>
                  </th>
                  <th scope="col">{t.admin.products.columns.name}</th>
                  <th scope="col" className="text-end text-nowrap">
                    {t.admin.products.columns.price}
                  </th>
                  <th scope="col">{t.admin.products.columns.category}</th>
                  <th scope="col">{t.admin.products.columns.producer}</th>
                  <th scope="col" className="text-end text-nowrap">
                    {t.admin.products.columns.stock}
                  </th>
                  <th scope="col" className="text-end text-nowrap">
                    {t.admin.products.columns.discount}
                  </th>
                  <th scope="col">{t.admin.products.columns.status}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t.admin.products.columns.actions}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.products.map((product) => (
                  <tr key={product.id} className={product.id === createdId ? 'table-success' : undefined}>
                    <td>
                      <Form.Check
                        id={`select-${product.id}`}
                        aria-label={t.admin.products.bulk.selectProduct(product.name)}
                        checked={product.variants.length > 0 && product.variants.every((v) => selected.has(v.id))}
                        onChange={(e) =>
                          toggle(
                            product.variants.map((v) => v.id),
                            e.target.checked,
                          )
                        }
                      />
                    </td>
                    <td>
                      <Link to={paths.admin.productEdit(product.id)}>{product.name}</Link>
                      {product.id === createdId && (
                        <Badge bg="success" className="ms-2">
                          {t.admin.products.newBadge}
                        </Badge>
                      )}
                    </td>
                    <td className="text-end text-nowrap">{formatUah(product.price)}</td>
                    <td>{categoryLabel(t, product.category)}</td>
                    <td>{producerLabel(t, product.category, product.producer)}</td>
                    <td className={`text-end text-nowrap${product.countInStock === 0 ? ' text-danger fw-semibold' : ''}`}>
                      {product.countInStock}
                      {product.countInStock === 0 && <span className="small"> ({t.admin.products.outOfStock})</span>}
                      {product.variants.length > 1 && (
                        <ul className="list-unstyled small text-body-secondary mb-0 fw-normal">
                          {product.variants.map((v) => (
                            <li key={v.id} className={v.countInStock === 0 ? 'text-danger' : undefined}>
                              <Form.Check
                                inline
                                className="me-0"
                                id={`select-${v.id}`}
                                aria-label={t.admin.products.bulk.selectPack(product.name, v.label)}
                                checked={selected.has(v.id)}
                                onChange={(e) => toggle([v.id], e.target.checked)}
                              />
                              {t.admin.products.packStock(v.label, v.countInStock)}
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                    <td className="text-end text-nowrap">{product.discount} %</td>
                    <td>
                      <Badge
                        bg={product.status === 'published' ? 'success' : product.status === 'draft' ? 'warning' : 'secondary'}
                        text={product.status === 'draft' ? 'dark' : undefined}
                      >
                        {t.admin.products.statuses[product.status]}
                      </Badge>
                    </td>
                    <td className="text-nowrap text-end">
                      <Link
                        to={paths.admin.productEdit(product.id)}
                        className="btn btn-light btn-sm me-2"
                        aria-label={t.admin.products.edit(product.name)}
                        title={t.admin.products.edit(product.name)}
                      >
                        <FaEdit aria-hidden />
                      </Link>
                      <Button
                        variant="danger"
                        size="sm"
                        aria-label={t.admin.products.remove(product.name)}
                        title={t.admin.products.remove(product.name)}
                        disabled={remove.isPending && remove.variables === product.id}
                        onClick={() => onDelete(product)}
                      >
                        <FaTrash aria-hidden />
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
          <Paginate page={list.data.page} pages={list.data.pages} hrefFor={(n) => hrefFor(n)} />
        </>
      )}
    </>
  );
}
