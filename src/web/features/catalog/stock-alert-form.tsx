import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { api } from '../../api/client';
import { ErrorMessage } from '../../components/message';
import { useLanguage, useT } from '../../i18n';
import { useAuth } from '../../stores/auth';

/**
 * "Повідомити, коли з'явиться" on a sold-out product or pack (docs/domain.md, "Stock alerts"): an
 * address, prefilled for a signed-in shopper; the shop writes once when it is back.
 */
export function StockAlertForm({ productId, variantId, title }: { productId: string; variantId?: string; title: string }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const accountEmail = useAuth((s) => s.userInfo?.email ?? '');
  const [email, setEmail] = useState(accountEmail);
  const inputId = useId();
  const subscribe = useMutation({
    mutationFn: (address: string) =>
      api<{ message: string }>(`/api/products/${encodeURIComponent(productId)}/stock-alerts`, {
        method: 'POST',
        body: { email: address, ...(variantId && { variant: variantId }), locale: language },
      }),
  });

  if (subscribe.isSuccess) {
    return (
      <p className="mb-0 text-success" role="status">
        {t.catalog.stockAlert.done(subscribe.variables, title)}
      </p>
    );
  }
  return (
    <Form
      onSubmit={(e) => {
        e.preventDefault();
        subscribe.mutate(email.trim());
      }}
    >
      <Form.Label htmlFor={inputId} className="fw-semibold">
        {t.catalog.stockAlert.title}
      </Form.Label>
      <Form.Control
        id={inputId}
        type="email"
        required
        autoComplete="email"
        inputMode="email"
        value={email}
        placeholder={t.catalog.stockAlert.placeholder}
        onChange={(e) => setEmail(e.target.value)}
        aria-describedby={`${inputId}-hint`}
      />
      <Form.Text id={`${inputId}-hint`} className="d-block mb-2">
        {t.catalog.stockAlert.hint}
      </Form.Text>
      {subscribe.error && <ErrorMessage error={subscribe.error} />}
      <Button type="submit" variant="outline-primary" className="w-100" disabled={subscribe.isPending}>
        {subscribe.isPending ? t.catalog.stockAlert.sending : t.catalog.stockAlert.submit}
      </Button>
    </Form>
  );
}
