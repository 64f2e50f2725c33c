import type { Plugin } from 'vite';

const REACT_ROUTER = /\/node_modules\/react-router\/dist\/[^/]+\/[^/]+\.mjs$/;

/**
 * Lets the bundler drop the parts of React Router the shop never uses (its data-router `<Form>`,
 * `useSubmit`, the memoised data routes…). The library names its components at the top level
 * (`Form.displayName = "Form"`) and makes them with `React.forwardRef(…)` unmarked: both look like
 * side effects, so every one of them stayed in the first page (docs/decisions/012-first-load.md).
 * The names only serve React's developer tools, and making a component or a context has no effect.
 */
export function pruneReactRouter(): Plugin {
  return {
    name: 'prune-react-router',
    apply: 'build',
    transform(code, id) {
      if (!REACT_ROUTER.test(id)) return null;
      return { code: markPure(code), map: null };
    },
  };
}

export const markPure = (code: string) =>
  code.replace(/^\w+\.displayName = "[^"]*";$/gm, '').replace(/= (React\d*)\.(forwardRef|memo|createContext)\(/g, '= /* @__PURE__ */ $1.$2(');
