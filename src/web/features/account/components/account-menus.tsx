import { useNavigate } from 'react-router';
import { UserIcon } from '../../../components/icons';
import { notify } from '../../../components/notify';
import { MenuDropdown } from '../../../components/menu-dropdown';
import { useT } from '../../../i18n';
import { paths } from '../../../../shared/routes';
import type { UserInfo } from '../../../stores/auth';
import { useLogout } from '../api';

/**
 * A signed-in user's dropdown and, for admins, the admin one (user-menu.tsx). Loaded once a user
 * is signed in: a guest's first page carries neither them nor the sign-out's code.
 */
export default function AccountMenus({ userInfo }: { userInfo: UserInfo }) {
  const t = useT();
  const navigate = useNavigate();
  const logout = useLogout();

  // Signed out here either way; the server's trouble is only worth a note. The promise, not mutate's
  // callbacks: signing out unmounts this menu, and a mutation's callbacks die with their component.
  const signOut = () =>
    logout
      .mutateAsync()
      .catch((error: unknown) => notify.failure(error))
      .finally(() => navigate(paths.login()));

  return (
    <>
      <MenuDropdown
        align="end"
        label={
          <>
            <UserIcon aria-hidden /> <span className="visually-hidden">{t.common.accountMenu} </span>
            {userInfo.name}
          </>
        }
        links={[{ to: paths.profile, label: t.common.profile }]}
        actions={[{ label: t.common.logout, onClick: signOut, disabled: logout.isPending }]}
      />
      {userInfo.isAdmin && (
        <MenuDropdown
          align="end"
          label={t.common.adminMenu}
          links={[
            { to: paths.admin.dashboard, label: t.common.adminDashboard },
            { to: paths.admin.products, label: t.common.adminProducts },
            { to: paths.admin.orders, label: t.common.adminOrders },
            { to: paths.admin.users, label: t.common.adminUsers },
            { to: paths.admin.categories, label: t.common.adminCategories },
            { to: paths.admin.settings, label: t.common.adminSettings },
            { to: paths.admin.legal, label: t.common.adminLegal },
            { to: paths.admin.notices, label: t.common.adminNotices },
            { to: paths.admin.import, label: t.common.adminImport },
            { to: paths.admin.promoCodes, label: t.common.adminPromoCodes },
            { to: paths.admin.customers, label: t.common.adminCustomers },
            { to: paths.admin.audit, label: t.common.adminAudit },
          ]}
        />
      )}
    </>
  );
}
