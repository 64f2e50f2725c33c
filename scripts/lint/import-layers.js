import { dirname, relative, resolve, sep } from 'node:path';

/**
 * Lint rule for the layers of docs/architecture.md, resolving relative imports by path alone (no
 * native resolver to install). Options:
 * - `zones`: a file under one of `target` may not import anything under `from`, unless its name
 *   ends with one of `unlessNamed` (tests, which compose whatever they drive);
 * - `features`: folders whose subfolders are features; a feature imports another only through
 *   that feature's index. A plain folder guards imports between its features only; an object
 *   `{ folder, exempt }` guards imports from any file outside the feature, except the files and
 *   folders under `exempt` (the composition root that mounts every feature's routes).
 * - `tables`: `{ folder, schema, owners, unlessNamed }`: which feature of `folder` owns which tables
 *   of the `schema` file, by the names the schema exports (`owners: { orders: ['orders',
 *   'orderItems'] }`). A feature's file that imports another feature's table as a value, or names one
 *   after FROM, JOIN, INTO or UPDATE in a `sql` template (the table's snake_case name), is told to ask
 *   the owner's index.ts instead. Row types (`import type`) are no query and pass; so do files
 *   ending with one of `unlessNamed` (tests, which write their own fixtures).
 * Paths are relative to the working directory, which is the repository root for `npm run lint`.
 */
export const importLayers = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports go down the layers; features meet only through their index.' },
    schema: [
      {
        type: 'object',
        properties: {
          zones: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                target: { type: 'array', items: { type: 'string' } },
                from: { type: 'string' },
                message: { type: 'string' },
                unlessNamed: { type: 'array', items: { type: 'string' } },
              },
              required: ['target', 'from', 'message'],
              additionalProperties: false,
            },
          },
          tables: {
            type: 'object',
            properties: {
              folder: { type: 'string' },
              schema: { type: 'string' },
              owners: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
              unlessNamed: { type: 'array', items: { type: 'string' } },
            },
            required: ['folder', 'schema', 'owners'],
            additionalProperties: false,
          },
          features: {
            type: 'array',
            items: {
              anyOf: [
                { type: 'string' },
                {
                  type: 'object',
                  properties: { folder: { type: 'string' }, exempt: { type: 'array', items: { type: 'string' } } },
                  required: ['folder'],
                  additionalProperties: false,
                },
              ],
            },
          },
        },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { zones = [], features = [], tables } = context.options[0] ?? {};
    const root = context.cwd;
    const file = context.filename;
    const inside = (path, folder) => {
      const rest = relative(resolve(root, folder), path);
      return rest === '' || (!rest.startsWith('..') && !rest.startsWith(sep) && !rest.includes(`:${sep}`));
    };
    const foreignTables = tables ? tablesOfOthers(tables, file, inside, root) : null;
    const notOurs = (node, table, owner) =>
      context.report({ node, message: `The table ${table} belongs to the ${owner} feature: read and write it through ${owner}/index.ts.` });

    /** Value imports of another feature's tables from the schema file. */
    function checkTables(node) {
      if (!foreignTables || node.importKind === 'type' || typeof node.source?.value !== 'string' || !node.source.value.startsWith('.')) return;
      if (resolve(dirname(file), node.source.value).replace(/\.[jt]s$/, '') !== resolve(root, tables.schema).replace(/\.[jt]s$/, '')) return;
      for (const specifier of node.specifiers ?? []) {
        if (specifier.type !== 'ImportSpecifier' || specifier.importKind === 'type') continue;
        const owner = foreignTables.byName.get(specifier.imported.name);
        if (owner) notOurs(specifier, specifier.imported.name, owner);
      }
    }

    /** Another feature's table named in raw SQL. */
    function checkSql(node) {
      if (!foreignTables || node.tag.type !== 'Identifier' || node.tag.name !== 'sql') return;
      const text = node.quasi.quasis.map((quasi) => quasi.value.cooked ?? quasi.value.raw).join(' ');
      for (const [, table] of text.matchAll(/\b(?:from|join|into|update)\s+([a-z_][a-z0-9_]*)/gi)) {
        const owner = foreignTables.bySqlName.get(table.toLowerCase());
        if (owner) notOurs(node, table, owner);
      }
    }

    function check(node) {
      const specifier = node?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const imported = resolve(dirname(file), specifier);

      for (const zone of zones) {
        if (zone.unlessNamed?.some((suffix) => file.endsWith(suffix))) continue;
        if (zone.target.some((target) => inside(file, target)) && inside(imported, zone.from)) {
          context.report({ node, message: zone.message });
          return;
        }
      }
      for (const entry of features) {
        const { folder, exempt } = typeof entry === 'string' ? { folder: entry, exempt: undefined } : entry;
        if (!inside(imported, folder)) continue;
        // A plain folder guards its features from each other only; with `exempt`, every file outside.
        if (exempt ? exempt.some((path) => inside(file, path)) : !inside(file, folder)) continue;
        const ownFeature = inside(file, folder) ? relative(resolve(root, folder), file).split(sep)[0] : undefined;
        const [feature, ...rest] = relative(resolve(root, folder), imported).split(sep);
        const throughIndex = rest.length === 0 || (rest.length === 1 && /^index(\.tsx?|\.js)?$/.test(rest[0]));
        if (feature !== ownFeature && !throughIndex) {
          context.report({ node, message: `Features are used only through their index.ts, never their internals (here: ${feature}).` });
        }
      }
    }

    return {
      ImportDeclaration: (node) => {
        check(node.source);
        checkTables(node);
      },
      TaggedTemplateExpression: checkSql,
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

const snakeCase = (name) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The tables this file's feature does not own, by exported and by SQL name, with their owner; null outside the features or for exempt files. */
function tablesOfOthers({ folder, owners, unlessNamed = [] }, file, inside, root) {
  if (!inside(file, folder) || unlessNamed.some((suffix) => file.endsWith(suffix))) return null;
  const ownFeature = relative(resolve(root, folder), file).split(sep)[0];
  const byName = new Map();
  const bySqlName = new Map();
  for (const [owner, names] of Object.entries(owners)) {
    if (owner === ownFeature) continue;
    for (const name of names) {
      byName.set(name, owner);
      bySqlName.set(snakeCase(name), owner);
    }
  }
  return { byName, bySqlName };
}
