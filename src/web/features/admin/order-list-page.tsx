import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ORDER_STATUSES, type OrderStatus } from '../../../shared/orders';
import { Loader } from '../../components/loader';
import { ErrorMessage, Message } from '../../components/message';
import { PageTitle } from '../../components/page-title';
import { Paginate } from '../../components/paginate';
import { useT } from '../../i18n';
import { orderTexts } from '../../i18n/feature-texts/orders';
import { OrdersTable, useAllOrders } from '../orders';
import { OrderExport, PackingBatch } from './export-panels';

/** /admin/orderlist: 20 orders a page, newest first, by status and a search; the state lives in the URL. */
export default function OrderListPage() {
  const t = useT(orderTexts);
  const [params, setParams] = useSearchParams();
  const pageNumber = Math.max(1, Number(params.get('pageNumber')) || 1);
  const statusParam = params.get('status');
  const status = (ORDER_STATUSES as readonly string[]).includes(statusParam ?? '') ? (statusParam as OrderStatus) : undefined;
  const q = params.get('q') ?? '';
  const [search, setSearch] = useState(q);
  const { data, isPending, isFetching, error } = useAllOrders({ pageNumber, status, q });

  const show = (next: { status?: string; q?: string; pageNumber?: number }) => {
    const merged = { status: status ?? '', q, pageNumber: 1, ...next };
    const query = new URLSearchParams();
    if (merged.status) query.set('status', merged.status);
    if (merged.q) query.set('q', merged.q);
    if (merged.pageNumber > 1) query.set('pageNumber', String(merged.pageNumber));
    setParams(query);
  };
  const hrefFor = (page: number) => {
    const query = new URLSearchParams(params);
    query.set('pageNumber', String(page));
    return `?${query}`;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    show({ q: search.trim() });
  };

  return (
    <section>
      <PageTitle title={t.orders.adminOrdersTitle} />
      <h1 className="mb-3">{t.orders.adminOrdersTitle}</h1>
      <OrderExport />
      <form role="search" className="row g-2 mb-3" onSubmit={submit}>
        <div className="col-12 col-md-4">
          <label htmlFor="order-status" className="visually-hidden">
            {t.orders.status}
          </label>
          <select id="order-status" className="form-select" value={status ?? ''} onChange={(e) => show({ status: e.target.value })}>
            <option value="">{t.orders.allStatuses}</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t.orders.statuses[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="col-12 col-md-8 d-flex gap-2">
          <label htmlFor="order-search" className="visually-hidden">
            {t.orders.search}
          </label>
          <input
            id="order-search"
            type="search"
            className="form-control"
            maxLength={100}
            placeholder={t.orders.searchPlaceholder}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <button type="submit" className="btn btn-primary">
            {t.orders.find}
          </button>
        </div>
      </form>
      {isPending ? (
        <Loader />
      ) : error || !data ? (
        <ErrorMessage error={error} />
      ) : data.orders.length === 0 ? (
        <Message>{q || status ? t.orders.nothingFound : t.orders.noOrdersYet}</Message>
      ) : (
        <div aria-busy={isFetching}>
          <PackingBatch orders={data.orders} />
          <OrdersTable orders={data.orders} showCustomer />
          <Paginate page={data.page} pages={data.pages} hrefFor={hrefFor} />
        </div>
      )}
    </section>
  );
}
