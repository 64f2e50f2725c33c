import { PageTitle } from '../../components/page-title';

/** Placeholder until this screen is built. */
export default function LoginPage() {
  return (
    <section>
      <PageTitle title="LoginPage" />
      <p>Незабаром.</p>
    </section>
  );
}
