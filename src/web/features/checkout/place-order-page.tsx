import { PageTitle } from '../../components/page-title';

/** Placeholder until this screen is built. */
export default function PlaceOrderPage() {
  return (
    <section>
      <PageTitle title="PlaceOrderPage" />
      <p>Незабаром.</p>
    </section>
  );
}
