import { isValidElement } from 'react';
import { matchRoutes } from 'react-router';
import { expect, it } from 'vitest';
import { ROUTE_NAMES, ROUTES, type Access } from '../shared/routes';
import { RequireAdmin, RequireAuth } from './components/guards';
import { routes } from './router';

const guardOf = (access: Access) => (access === 'admin' ? RequireAdmin : access === 'signed-in' ? RequireAuth : null);

it('draws every page of the registry at its pattern, behind the guard its access asks for', () => {
  for (const name of ROUTE_NAMES) {
    const { pattern, access } = ROUTES[name];
    const matches = matchRoutes(routes, pattern.replace(/:\w+/g, '2')) ?? [];
    expect(matches.at(-1)?.route.path, name).toBe(pattern);
    const guards = matches
      .map(({ route }) => (isValidElement(route.element) ? route.element.type : null))
      .filter((type) => type === RequireAdmin || type === RequireAuth);
    expect(guards, name).toEqual([guardOf(access)].filter(Boolean));
  }
});

it('has no page the registry does not declare, and a "not found" page for the rest', () => {
  const paths = (list: typeof routes): string[] => list.flatMap((route) => [...(route.path ? [route.path] : []), ...paths(route.children ?? [])]);
  expect(new Set(paths(routes))).toEqual(new Set([...ROUTE_NAMES.map((name) => ROUTES[name].pattern), '*']));
  expect(matchRoutes(routes, '/no-such-page')?.at(-1)?.route.path).toBe('*');
});
