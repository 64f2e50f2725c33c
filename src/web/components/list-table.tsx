import type { ReactNode } from 'react';
import Table from 'react-bootstrap/Table';
import { Loader } from './loader';
import { ErrorMessage, Message } from './message';

interface Props<Row> {
  pending: boolean;
  error: unknown;
  rows: readonly Row[] | undefined;
  /** Said instead of an empty table. */
  empty: ReactNode;
  /** The column headers, each a `<th scope="col">`. */
  columns: ReactNode;
  row: (row: Row) => ReactNode;
  emptyVariant?: 'info' | 'success';
}

/** A back-office list: a spinner while it loads, the error if it failed, a message when it is empty, else the table. */
export function ListTable<Row>({ pending, error, rows, empty, columns, row, emptyVariant }: Props<Row>) {
  if (pending) return <Loader />;
  if (error || !rows) return <ErrorMessage error={error} />;
  if (rows.length === 0) return <Message variant={emptyVariant}>{empty}</Message>;
  return (
    <Table striped hover responsive size="sm" className="align-middle">
      <thead>
        <tr>{columns}</tr>
      </thead>
      <tbody>{rows.map(row)}</tbody>
    </Table>
  );
}
