import Badge from 'react-bootstrap/Badge';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { FaShoppingCart } from 'react-icons/fa';
import { Link, NavLink } from 'react-router';
import { UserMenu } from '../features/account/components/user-menu';
import { useT } from '../i18n';
import { paths } from '../paths';
import { cartCount, useCart } from '../stores/cart';
import { MenuDropdown } from './menu-dropdown';
import { SearchBox } from './search-box';

export function Header() {
  const t = useT();
  const count = useCart((s) => cartCount(s.cartItems));
  return (
    <header className="site-header">
      <a href="#main" className="skip-link">
        {t.common.skipToContent}
      </a>
      <Navbar bg="primary" variant="dark" expand="lg" collapseOnSelect>
        <Container>
          <Navbar.Brand as={Link} to={paths.home} className="d-flex align-items-center gap-2">
            <img src="/logo.svg" alt="" />
            <span>
              {t.common.shopName}
              <small className="d-none d-xl-block fw-light" style={{ fontSize: '0.7rem' }}>
                {t.common.phone} · {t.common.email}
              </small>
            </span>
          </Navbar.Brand>
          <Navbar.Toggle aria-controls="main-navbar" aria-label={t.common.menu} />
          <Navbar.Collapse id="main-navbar">
            <div className="mx-lg-3 flex-grow-1">
              <SearchBox />
            </div>
            <Nav className="ms-auto align-items-lg-center">
              <Nav.Link as={Link} to={paths.cart} aria-label={t.common.cartWithCount(count)}>
                <FaShoppingCart aria-hidden /> {t.common.cart}
                {count > 0 && (
                  <Badge pill bg="warning" text="dark" className="ms-1" aria-hidden>
                    {count}
                  </Badge>
                )}
              </Nav.Link>
              <UserMenu />
            </Nav>
          </Navbar.Collapse>
        </Container>
      </Navbar>
      <CategoryMenu />
    </header>
  );
}

/** The category row under the header (SPEC.md §2 layout). */
function CategoryMenu() {
  const t = useT();
  const items = [
    { to: paths.hops, label: t.catalog.hops },
    { to: paths.yeast, label: t.catalog.yeast },
    { to: paths.equipment, label: t.catalog.equipment },
    { to: paths.malt, label: t.catalog.malt },
    { to: paths.discount, label: t.catalog.discount },
  ];
  return (
    <nav className="bg-body-tertiary border-bottom" aria-label={t.common.categories}>
      <Container className="d-flex">
        <Nav className="flex-nowrap overflow-auto">
          {items.map((item) => (
            <Nav.Link key={item.to} as={NavLink} to={item.to} className="text-nowrap">
              {item.label}
            </Nav.Link>
          ))}
        </Nav>
        <Nav>
          <MenuDropdown
            label={t.common.other}
            links={[
              { to: paths.about, label: t.common.about },
              { to: paths.contacts, label: t.common.contacts },
            ]}
          />
        </Nav>
      </Container>
    </nav>
  );
}
