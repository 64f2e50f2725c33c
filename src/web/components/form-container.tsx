import type { ReactNode } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';

/** A narrow centred column for a short form: the account forms, an admin's user edit. */
export function FormContainer({ children }: { children: ReactNode }) {
  return (
    <Row className="justify-content-center">
      <Col xs={12} md={8} lg={7} xl={6}>
        {children}
      </Col>
    </Row>
  );
}
