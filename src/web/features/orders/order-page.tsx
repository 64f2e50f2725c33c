import { PageTitle } from '../../components/page-title';

/** Placeholder until this screen is built. */
export default function OrderPage() {
  return (
    <section>
      <PageTitle title="OrderPage" />
      <p>Незабаром.</p>
    </section>
  );
}
