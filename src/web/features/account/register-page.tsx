import { PageTitle } from '../../components/page-title';

/** Placeholder until this screen is built. */
export default function RegisterPage() {
  return (
    <section>
      <PageTitle title="RegisterPage" />
      <p>Незабаром.</p>
    </section>
  );
}
