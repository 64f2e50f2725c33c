import { PageTitle } from '../../components/page-title';

/** Placeholder until this screen is built. */
export default function ProfilePage() {
  return (
    <section>
      <PageTitle title="ProfilePage" />
      <p>Незабаром.</p>
    </section>
  );
}
