import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { expect, test } from 'vitest';
import { describeWithApp } from '../test/database.js';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every `METHOD /api/…` in the first column of docs/api.md's tables, with parameters as `{}`. */
function documentedRoutes(): Set<string> {
  const markdown = readFileSync(path.resolve(import.meta.dirname, '../../../docs/api.md'), 'utf8');
  const routes = new Set<string>();
  for (const line of markdown.split('\n')) {
    const firstCell = /^\|([^|]*)\|/.exec(line)?.[1] ?? '';
    for (const [, method, route] of firstCell.matchAll(/`(GET|POST|PUT|PATCH|DELETE) (\/api\/[^`]*)`/g)) {
      routes.add(`${method} ${route.replace(/\{[^}]*\}/g, '{}')}`);
    }
  }
  return routes;
}

describeWithApp('OpenAPI document', (ctx) => {
  test('GET /api/openapi.json is a valid OpenAPI 3.1 document', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const document = res.json();
    expect(document.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  test('it names exactly the routes docs/api.md lists', async () => {
    const document = (await ctx().app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Partial<Record<(typeof METHODS)[number], unknown>>>;
    };
    const described = new Set<string>();
    for (const [route, operations] of Object.entries(document.paths)) {
      for (const method of METHODS) {
        if (operations[method]) described.add(`${method.toUpperCase()} ${route.replace(/\{[^}]*\}/g, '{}')}`);
      }
    }
    const documented = documentedRoutes();
    expect(documented.size).toBeGreaterThan(40);
    expect([...described].filter((route) => !documented.has(route)).sort()).toEqual([]);
    expect([...documented].filter((route) => !described.has(route)).sort()).toEqual([]);
  });

  test('a route with zod schemas carries them: the product list query, the readiness answers', async () => {
    const document = (await ctx().app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const list = document.paths['/api/products'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['keyword', 'pageNumber', 'category']));
    const ready = document.paths['/api/ready'].get.responses;
    expect(Object.keys(ready).sort()).toEqual(['200', '503']);
    expect(ready['503'].content['application/json'].schema.properties.database.enum).toEqual(['ok', 'down']);
  });

  test('no page, feed or development route is described, and the browser UI is off outside development', async () => {
    const document = (await ctx().app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(document.paths).filter((route) => !route.startsWith('/api/'))).toEqual([]);
    expect((await ctx().app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
  });
});

describeWithApp(
  'OpenAPI browser in development',
  (ctx) => {
    test('GET /api/docs shows the document under its own content security policy (no inline scripts); the API keeps the strict one', async () => {
      const page = await ctx().app.inject({ method: 'GET', url: '/api/docs/' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      const policy = String(page.headers['content-security-policy']);
      expect(policy).toMatch(/script-src 'self'/);
      expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
      const api = await ctx().app.inject({ method: 'GET', url: '/api/health' });
      expect(api.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    });
  },
  { env: { NODE_ENV: 'development' } },
);
