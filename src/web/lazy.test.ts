import { expect, it } from 'vitest';
import { fetchOnce, forgetFailedFetches } from './lazy';

it('fetches once for every caller', async () => {
  let fetches = 0;
  const load = fetchOnce(async () => ++fetches);
  expect(await Promise.all([load(), load(), load()])).toEqual([1, 1, 1]);
  expect(fetches).toBe(1);
});

it('after a failure, fetches again only once the failure has been forgotten', async () => {
  let fetches = 0;
  const load = fetchOnce(async () => {
    fetches++;
    if (fetches === 1) throw new Error('no connection');
    return 'code';
  });
  await expect(load()).rejects.toThrow('no connection');
  // Drawn again at once, the screen meets the same failure instead of fetching without end.
  await expect(load()).rejects.toThrow('no connection');
  expect(fetches).toBe(1);
  forgetFailedFetches();
  expect(await load()).toBe('code');
  expect(fetches).toBe(2);
});
