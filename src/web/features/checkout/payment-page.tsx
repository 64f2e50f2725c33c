import { PageTitle } from '../../components/page-title';

/** Placeholder until this screen is built. */
export default function PaymentPage() {
  return (
    <section>
      <PageTitle title="PaymentPage" />
      <p>Незабаром.</p>
    </section>
  );
}
