import { PageTitle } from '../../components/page-title';

/** Placeholder until this screen is built. */
export default function UserEditPage() {
  return (
    <section>
      <PageTitle title="UserEditPage" />
      <p>Незабаром.</p>
    </section>
  );
}
