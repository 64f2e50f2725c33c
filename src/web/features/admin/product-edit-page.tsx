import { PageTitle } from '../../components/page-title';

/** Placeholder until this screen is built. */
export default function ProductEditPage() {
  return (
    <section>
      <PageTitle title="ProductEditPage" />
      <p>Незабаром.</p>
    </section>
  );
}
