import { PageTitle } from '../../components/page-title';

/** Placeholder until this screen is built. */
export default function UserListPage() {
  return (
    <section>
      <PageTitle title="UserListPage" />
      <p>Незабаром.</p>
    </section>
  );
}
