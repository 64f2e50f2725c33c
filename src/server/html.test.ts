import { expect, test } from 'vitest';
import { escapeHtml } from './html.js';

test('markup characters in a letter are escaped, everything else is kept as typed', () => {
  expect(escapeHtml(`<b>"Пиво" & 'ель'</b>`)).toBe('&lt;b&gt;&quot;Пиво&quot; &amp; &#39;ель&#39;&lt;/b&gt;');
  expect(escapeHtml('https://shop.example/order/1?a=1&b=2')).toBe('https://shop.example/order/1?a=1&amp;b=2');
  expect(escapeHtml('Хмільна крамниця')).toBe('Хмільна крамниця');
});
