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
    const { zones = [], features = [] } = context.options[0] ?? {};
    const root = context.cwd;
    const file = context.filename;
    const inside = (path, folder) => {
      const rest = relative(resolve(root, folder), path);
      return rest === '' || (!rest.startsWith('..') && !rest.startsWith(sep) && !rest.includes(`:${sep}`));
    };

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
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
