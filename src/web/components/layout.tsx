import { Suspense } from 'react';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { Outlet, ScrollRestoration } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { Footer } from './footer';
import { Header } from './header';
import { Loader } from './loader';
import { SideMenu } from './side-menu';

export function Layout() {
  return (
    <div className="d-flex flex-column min-vh-100">
      <Header />
      <Container as="div" className="flex-grow-1 py-3">
        <Row>
          <Col lg={3} xl={2} as="aside" className="d-none d-lg-block">
            <SideMenu />
          </Col>
          <Col lg={9} xl={10} as="main" id="main" tabIndex={-1}>
            <Suspense fallback={<Loader />}>
              <Outlet />
            </Suspense>
          </Col>
        </Row>
      </Container>
      <Footer />
      <ToastContainer position="top-right" autoClose={5000} />
      <ScrollRestoration />
    </div>
  );
}
