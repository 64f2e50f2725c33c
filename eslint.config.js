import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** One-way imports: shared imports nothing of ours; server and web never import each other. */
const boundaries = {
  'src/shared/**': ['**/server/**', '**/web/**'],
  'src/server/**': ['**/web/**'],
  'src/web/**': ['**/server/**'],
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  ...Object.entries(boundaries).map(([files, forbidden]) => ({
    files: [files],
    rules: {
      'no-restricted-imports': ['error', { patterns: forbidden.map((group) => ({ group: [group], message: 'Imports go one way: web → shared ← server.' })) }],
    },
  })),
);
