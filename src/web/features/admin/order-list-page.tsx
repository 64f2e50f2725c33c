import { PageTitle } from '../../components/page-title';

/** Placeholder until this screen is built. */
export default function OrderListPage() {
  return (
    <section>
      <PageTitle title="OrderListPage" />
      <p>Незабаром.</p>
    </section>
  );
}
