import { useMemo, type ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { Link, useSearchParams } from 'react-router';
import { DASHBOARD_PERIODS, type Dashboard, type DashboardPeriod } from '../../../shared/back-office';
import { formatUah } from '../../components/format';
import { Loader } from '../../components/loader';
import { ErrorMessage, Message } from '../../components/message';
import { PageTitle } from '../../components/page-title';
import { useT } from '../../i18n';
import { backOfficeTexts } from '../../i18n/feature-texts/back-office';
import { paths } from '../../../shared/routes';
import { useDashboard } from './api';
import { DayChart } from './day-chart';
import './back-office.scss';

const periodOf = (value: string | null): DashboardPeriod => DASHBOARD_PERIODS.find((days) => String(days) === value) ?? 7;
const shortDate = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}`;

/** /admin: how the last 7, 30 or 90 Kyiv days went, and which packs run low (docs/back-office.md). */
export default function DashboardPage() {
  const t = useT(backOfficeTexts).backOffice.dashboard;
  const [params] = useSearchParams();
  const days = periodOf(params.get('days'));
  const { data, isPending, error, isPlaceholderData } = useDashboard(days);

  return (
    <>
      <PageTitle title={t.title} />
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h2 mb-0">{t.title}</h1>
        <nav aria-label={t.period} className="btn-group" role="group">
          {DASHBOARD_PERIODS.map((n) => (
            <Link
              key={n}
              to={paths.admin.dashboardFor(n)}
              className={`btn btn-sm ${n === days ? 'btn-primary' : 'btn-outline-primary'}`}
              aria-current={n === days ? 'page' : undefined}
            >
              {t.days(n)}
            </Link>
          ))}
        </nav>
      </div>
      {isPending ? <Loader /> : error ? <ErrorMessage error={error} /> : <DashboardBody data={data} busy={isPlaceholderData} />}
    </>
  );
}

function DashboardBody({ data, busy }: { data: Dashboard; busy: boolean }) {
  const t = useT(backOfficeTexts).backOffice.dashboard;
  const dates = useMemo(() => data.revenue.map((d) => d.date), [data]);
  const money = useMemo(
    () => [
      { label: t.paid, values: data.revenue.map((d) => d.paid), color: '#198754' },
      { label: t.placed, values: data.revenue.map((d) => d.placed), color: '#0d6efd' },
    ],
    [data, t],
  );
  const counts = useMemo(() => [{ label: t.orders, values: data.revenue.map((d) => d.orders), color: '#6f42c1' }], [data, t]);
  const placed = data.revenue.reduce((n, d) => n + d.placed, 0);
  const paid = data.revenue.reduce((n, d) => n + d.paid, 0);
  const orders = data.revenue.reduce((n, d) => n + d.orders, 0);
  const uah = (v: number) => formatUah(Math.round(v * 100) / 100);
  const count = (v: number) => String(v);

  return (
    <div aria-busy={busy} style={busy ? { opacity: 0.6 } : undefined}>
      <Row xs={2} md={4} className="g-2 mb-3">
        {[
          [t.totals.placed, formatUah(Math.round(placed * 100) / 100)],
          [t.totals.paid, formatUah(Math.round(paid * 100) / 100)],
          [t.totals.orders, String(orders)],
          [t.totals.average, formatUah(data.averageOrder)],
        ].map(([label, value]) => (
          <Col key={label}>
            <Card body className="h-100">
              <div className="small text-body-secondary">{label}</div>
              <div className="fs-5 fw-semibold text-nowrap">{value}</div>
            </Card>
          </Col>
        ))}
      </Row>

      <Section title={t.revenueTitle}>
        <DayChart dates={dates} series={money} format={uah} dayLabel={t.date} failedText={t.chartLoadFailed} />
        {/* Hidden by its wrapper: a table keeps its content's width whatever width it is given. */}
        <div className="visually-hidden">
          <Table size="sm">
            <caption>{t.tableOf(t.revenueTitle)}</caption>
            <thead>
              <tr>
                <th scope="col">{t.date}</th>
                <th scope="col">{t.paid}</th>
                <th scope="col">{t.placed}</th>
                <th scope="col">{t.orders}</th>
              </tr>
            </thead>
            <tbody>
              {data.revenue.map((d) => (
                <tr key={d.date}>
                  <th scope="row">{shortDate(d.date)}</th>
                  <td>{formatUah(d.paid)}</td>
                  <td>{formatUah(d.placed)}</td>
                  <td>{d.orders}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      </Section>

      <Section title={t.ordersTitle}>
        <DayChart dates={dates} series={counts} format={count} dayLabel={t.date} failedText={t.chartLoadFailed} />
      </Section>

      <Row lg={2} className="g-3">
        <Col>
          <BarTable
            title={t.byStatus}
            head={[t.status, t.orders]}
            rows={data.byStatus.map((s) => ({ key: s.status, label: t.statuses[s.status] ?? s.status, value: s.orders, shown: String(s.orders) }))}
            empty={t.noOrders}
          />
        </Col>
        <Col>
          <BarTable
            title={t.paymentMethods}
            head={[t.method, t.sum]}
            rows={data.paymentMethods.map((m) => ({
              key: m.method,
              label: `${t.methods[m.method] ?? m.method} (${m.orders})`,
              value: m.total,
              shown: formatUah(m.total),
            }))}
            empty={t.noOrders}
          />
        </Col>
        <Col>
          <BarTable
            title={t.topProducts}
            head={[t.product, t.revenue]}
            rows={data.topProducts.map((p) => ({ key: p.productId ?? p.name, label: `${p.name} × ${p.qty}`, value: p.revenue, shown: formatUah(p.revenue) }))}
            empty={t.noOrders}
          />
        </Col>
        <Col>
          <BarTable
            title={t.topCategories}
            head={[t.category, t.revenue]}
            rows={data.topCategories.map((c) => ({ key: c.category, label: `${c.name} × ${c.qty}`, value: c.revenue, shown: formatUah(c.revenue) }))}
            empty={t.noOrders}
          />
        </Col>
      </Row>

      <Section title={t.lowStock}>
        {data.lowStock.length === 0 ? (
          <Message variant="success">{t.noLowStock}</Message>
        ) : (
          <Table striped size="sm" responsive className="align-middle">
            <thead>
              <tr>
                <th scope="col">{t.product}</th>
                <th scope="col">{t.pack}</th>
                <th scope="col" className="text-end">
                  {t.left}
                </th>
                <th scope="col" className="text-end">
                  {t.threshold}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.lowStock.map((row) => (
                <tr key={row.variant.id}>
                  <td>
                    <Link to={paths.admin.productEdit(row.product.id)}>{row.product.name}</Link>
                  </td>
                  <td className="text-nowrap">
                    {row.variant.label} <span className="small text-body-secondary">{row.variant.sku}</span>
                  </td>
                  <td className={`text-end fw-semibold${row.countInStock === 0 ? ' text-danger' : ''}`}>{row.countInStock}</td>
                  <td className="text-end">{row.threshold}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Section>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mb-4" aria-label={title}>
      <h2 className="h5">{title}</h2>
      {children}
    </section>
  );
}

/** A table whose every row carries a bar of its share: read as a table, seen as a chart. */
function BarTable({
  title,
  head,
  rows,
  empty,
}: {
  title: string;
  head: [string, string];
  rows: { key: string; label: string; value: number; shown: string }[];
  empty: string;
}) {
  const top = Math.max(...rows.map((r) => r.value), 0);
  return (
    <Section title={title}>
      {rows.length === 0 ? (
        <p className="text-body-secondary">{empty}</p>
      ) : (
        <Table size="sm" className="align-middle bar-table">
          <thead>
            <tr>
              <th scope="col">{head[0]}</th>
              <th scope="col" className="text-end">
                {head[1]}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="fw-normal">
                  {row.label}
                  <div className="bar-table__bar" style={{ width: `${top ? Math.max((row.value / top) * 100, 2) : 0}%` }} aria-hidden />
                </th>
                <td className="text-end text-nowrap">{row.shown}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Section>
  );
}
