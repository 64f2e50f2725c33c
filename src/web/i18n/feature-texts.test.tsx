import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { expect, it } from 'vitest';
import { defineFeatureTexts, loadLanguage, useLanguage, useT } from '.';

it('a feature’s Ukrainian texts are there at once; its English is fetched once, when English is chosen', async () => {
  let fetches = 0;
  let deliver!: () => void;
  const greetings = defineFeatureTexts({ greetings: { hello: 'Вітаємо' } }, async () => {
    fetches++;
    await new Promise<void>((resolve) => (deliver = resolve));
    return { greetings: { hello: 'Welcome' } };
  });
  function Greeting() {
    return <p>{useT(greetings).greetings.hello}</p>;
  }
  render(
    <Suspense fallback={<p>…</p>}>
      <Greeting />
    </Suspense>,
  );
  expect(screen.getByText('Вітаємо')).toBeTruthy();
  expect(fetches).toBe(0);

  // Choosing English waits for the texts of every feature loaded so far.
  const chosen = act(() => useLanguage.getState().setLanguage('en'));
  await act(async () => deliver());
  await chosen;
  expect(screen.getByText('Welcome')).toBeTruthy();
  await loadLanguage('en');
  expect(fetches).toBe(1);
});
