import type { DeliveryKind } from '../../shared/delivery';
import type { PaymentMethod } from '../../shared/payment-methods';

interface MethodTexts {
  methods: Record<PaymentMethod, string>;
  cashOnDeliveryDoor: string;
}

/** A payment method's name for this delivery: cash on delivery is paid to the courier at the door, not at a branch. */
export const paymentMethodLabel = (texts: MethodTexts, method: string, delivery: DeliveryKind | undefined): string =>
  method === 'cash_on_delivery' && delivery === 'door' ? texts.cashOnDeliveryDoor : (texts.methods[method as PaymentMethod] ?? method);
