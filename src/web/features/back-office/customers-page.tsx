import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Table from 'react-bootstrap/Table';
import { Link, useSearchParams } from 'react-router';
import { formatUah, useDateFormat } from '../../components/format';
import { Loader } from '../../components/loader';
import { ErrorMessage, Message } from '../../components/message';
import { PageTitle } from '../../components/page-title';
import { Paginate } from '../../components/paginate';
import { useT } from '../../i18n';
import { backOfficeTexts } from '../../i18n/feature-texts/back-office';
import { paths } from '../../../shared/routes';
import { useCustomers } from './api';

/** /admin/customers?q=&page=: accounts and guests, searched by name, e-mail or phone (docs/back-office.md). */
export default function CustomersPage() {
  const t = useT(backOfficeTexts).backOffice.customers;
  const { dateTime } = useDateFormat();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [typed, setTyped] = useState(q);
  const { data, isPending, error } = useCustomers(q, page);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setParams(typed.trim() ? { q: typed.trim() } : {});
  };
  const hrefFor = (n: number) => `${paths.admin.customers}?${new URLSearchParams({ ...(q ? { q } : {}), page: String(n) })}`;

  return (
    <>
      <PageTitle title={t.title} />
      <h1 className="h2 mb-3">{t.title}</h1>
      <Form onSubmit={onSearch} role="search" className="mb-3" style={{ maxWidth: 520 }}>
        <InputGroup>
          <Form.Control type="search" value={typed} onChange={(e) => setTyped(e.target.value)} aria-label={t.search} placeholder={t.search} maxLength={100} />
          <Button type="submit">{t.searchButton}</Button>
        </InputGroup>
      </Form>
      {isPending ? (
        <Loader />
      ) : error ? (
        <ErrorMessage error={error} />
      ) : data.customers.length === 0 ? (
        <Message>{t.empty}</Message>
      ) : (
        <>
          <p className="small text-body-secondary">{t.total(data.total)}</p>
          <Table striped hover responsive size="sm" className="align-middle">
            <thead>
              <tr>
                <th scope="col">{t.name}</th>
                <th scope="col">{t.contacts}</th>
                <th scope="col" className="text-end">
                  {t.orders}
                </th>
                <th scope="col" className="text-end">
                  {t.spent}
                </th>
                <th scope="col">{t.lastOrder}</th>
              </tr>
            </thead>
            <tbody>
              {data.customers.map((c) => (
                <tr key={c.id}>
                  <td>
                    <Link to={paths.admin.customer(c.id)}>{c.name}</Link>{' '}
                    <span className={`badge ${c.kind === 'guest' ? 'text-bg-secondary' : 'text-bg-light'}`}>{c.kind === 'guest' ? t.guest : t.registered}</span>
                  </td>
                  <td className="small text-break">
                    {c.email}
                    {c.email && c.phone ? <br /> : null}
                    {c.phone}
                  </td>
                  <td className="text-end">{c.orders}</td>
                  <td className="text-end text-nowrap">{formatUah(c.totalSpent)}</td>
                  <td className="text-nowrap">{dateTime(c.lastOrderAt)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Paginate page={data.page} pages={data.pages} hrefFor={hrefFor} />
        </>
      )}
    </>
  );
}
