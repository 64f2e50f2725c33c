/** How big one order may be; the cart clamps to the same limits (zod-free, for the first page load). */
export const MAX_ORDER_LINES = 100;
export const MAX_LINE_QTY = 1000;
