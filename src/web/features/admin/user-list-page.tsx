import Button from 'react-bootstrap/Button';
import { FaCheck, FaEdit, FaTimes, FaTrash } from 'react-icons/fa';
import { Link } from 'react-router';
import { notify } from '../../components/notify';
import type { UserInfo } from '../../../shared/users';
import { ListTable } from '../../components/list-table';
import { PageTitle } from '../../components/page-title';
import { useT } from '../../i18n';
import { accountTexts } from '../../i18n/feature-texts/account';
import { paths } from '../../../shared/routes';
import { useDeleteUser, useUsers } from './users-api';

/** /admin/userlist (docs/screens.md): admins are listed but cannot be edited or deleted here (docs/domain.md). */
export default function UserListPage() {
  const t = useT(accountTexts);
  const { data: users, isPending, error } = useUsers();

  return (
    <>
      <PageTitle title={t.account.usersTitle} />
      <h1 className="mb-3">{t.account.usersTitle}</h1>
      <ListTable
        pending={isPending}
        error={error}
        rows={users}
        empty={t.account.usersEmpty}
        columns={
          <>
            <th scope="col">{t.account.colId}</th>
            <th scope="col">{t.account.colName}</th>
            <th scope="col">{t.account.colEmail}</th>
            <th scope="col">{t.account.colAdmin}</th>
            <th scope="col">
              <span className="visually-hidden">{t.account.colActions}</span>
            </th>
          </>
        }
        row={(user) => <UserRow key={user.id} user={user} />}
      />
    </>
  );
}

function UserRow({ user }: { user: UserInfo }) {
  const t = useT(accountTexts);
  const remove = useDeleteUser();

  const onDelete = () => {
    if (!window.confirm(t.account.confirmDelete(user.name))) return;
    remove.mutate(user.id, {
      onSuccess: () => notify.success(t.account.userDeleted),
      onError: (error) => notify.failure(error),
    });
  };

  return (
    <tr>
      <td>
        <code className="small text-body-secondary" title={user.id}>
          {user.id.slice(0, 8)}
        </code>
      </td>
      <td>{user.name}</td>
      <td className="text-break">
        <a href={`mailto:${user.email}`}>{user.email}</a>
      </td>
      <td>
        {user.isAdmin ? <FaCheck className="text-success" aria-hidden /> : <FaTimes className="text-danger" aria-hidden />}
        <span className="visually-hidden">{user.isAdmin ? t.account.yes : t.account.no}</span>
      </td>
      <td className="text-nowrap">
        {!user.isAdmin && (
          <>
            <Link
              to={paths.admin.userEdit(user.id)}
              className="btn btn-light btn-sm me-2"
              aria-label={t.account.editUser(user.name)}
              title={t.account.editUser(user.name)}
            >
              <FaEdit aria-hidden />
            </Link>
            <Button
              variant="danger"
              size="sm"
              onClick={onDelete}
              disabled={remove.isPending}
              aria-label={t.account.deleteUser(user.name)}
              title={t.account.deleteUser(user.name)}
            >
              <FaTrash aria-hidden />
            </Button>
          </>
        )}
      </td>
    </tr>
  );
}
