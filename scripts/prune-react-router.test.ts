import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { markPure } from './prune-react-router.ts';

describe('markPure', () => {
  it('drops top-level component names and marks component and context making as pure', () => {
    const code = ['var Form = React10.forwardRef(', '  function Form2() {}', ');', 'Form.displayName = "Form";', 'var Ctx = React.createContext(null);'].join(
      '\n',
    );
    expect(markPure(code)).toBe(
      ['var Form = /* @__PURE__ */ React10.forwardRef(', '  function Form2() {}', ');', '', 'var Ctx = /* @__PURE__ */ React.createContext(null);'].join('\n'),
    );
  });

  it('keeps a name given inside a function', () => {
    const code = '    FetcherForm2.displayName = "fetcher.Form";';
    expect(markPure(code)).toBe(code);
  });

  it('still finds its patterns in the installed React Router (an upgrade that changes them shows here)', () => {
    const dist = path.join('node_modules', 'react-router', 'dist', 'development');
    const chunks = readdirSync(dist).filter((name) => name.endsWith('.mjs'));
    const code = chunks.map((name) => readFileSync(path.join(dist, name), 'utf8')).join('\n');
    expect(markPure(code)).not.toMatch(/^Form\.displayName/m);
    expect(markPure(code)).toMatch(/var Form = \/\* @__PURE__ \*\/ React\d*\.forwardRef\(/);
  });
});
