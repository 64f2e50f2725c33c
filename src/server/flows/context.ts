import type { OrdersContext } from '../features/orders/index.js';
import type { FlowLog } from './steps.js';

/** What a flow needs besides the orders' context: where an undo that failed is reported (the app's logger). */
export type FlowContext = OrdersContext & { log?: FlowLog };
