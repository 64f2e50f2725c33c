import type { orders as uk } from '../uk/orders';

export const orders: typeof uk = {};
