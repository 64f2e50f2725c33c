import { PageTitle } from '../../components/page-title';

/** Placeholder until this screen is built. */
export default function ProductListPage() {
  return (
    <section>
      <PageTitle title="ProductListPage" />
      <p>Незабаром.</p>
    </section>
  );
}
