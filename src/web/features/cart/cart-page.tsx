import { PageTitle } from '../../components/page-title';

/** Placeholder until this screen is built. */
export default function CartPage() {
  return (
    <section>
      <PageTitle title="CartPage" />
      <p>Незабаром.</p>
    </section>
  );
}
