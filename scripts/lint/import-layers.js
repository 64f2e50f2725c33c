import { dirname, relative, resolve, sep } from 'node:path';

/**
 * Lint rule for the layers of docs/architecture.md, resolving relative imports by path alone (no
 * native resolver to install). Options:
 * - `zones`: a file under one of `target` may not import anything under `from`;
 * - `features`: folders whose subfolders are features; a feature imports another only through
 *   that feature's index.
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
              properties: { target: { type: 'array', items: { type: 'string' } }, from: { type: 'string' }, message: { type: 'string' } },
              required: ['target', 'from', 'message'],
              additionalProperties: false,
            },
          },
          features: { type: 'array', items: { type: 'string' } },
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
        if (zone.target.some((target) => inside(file, target)) && inside(imported, zone.from)) {
          context.report({ node, message: zone.message });
        }
      }
      for (const folder of features) {
        if (!inside(file, folder) || !inside(imported, folder)) continue;
        const [ownFeature] = relative(resolve(root, folder), file).split(sep);
        const [feature, ...rest] = relative(resolve(root, folder), imported).split(sep);
        const throughIndex = rest.length === 0 || (rest.length === 1 && /^index(\.tsx?|\.js)?$/.test(rest[0]));
        if (feature !== ownFeature && !throughIndex) {
          context.report({ node, message: `Web features use each other only through the other feature's index.ts (here: ${feature}).` });
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
