import Nav from 'react-bootstrap/Nav';
import { FaUser } from 'react-icons/fa';
import { Link, useLocation } from 'react-router';
import { useT } from '../../../i18n';
import { paths } from '../../../paths';

/** The header's account corner: the login link, or the user's (and admin's) dropdown. */
export function UserMenu() {
  const t = useT();
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <Nav.Link as={Link} to={paths.login(here === paths.login() ? undefined : here)}>
      <FaUser aria-hidden /> {t.common.signIn}
    </Nav.Link>
  );
}
