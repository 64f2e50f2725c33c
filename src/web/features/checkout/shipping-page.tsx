import { PageTitle } from '../../components/page-title';

/** Placeholder until this screen is built. */
export default function ShippingPage() {
  return (
    <section>
      <PageTitle title="ShippingPage" />
      <p>Незабаром.</p>
    </section>
  );
}
