import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_OUTPUTS, STAMP_FILE, sourceStamp, staleReason } from './build-stamp.mjs';

describe('npm start rebuilds a stale or incomplete build', () => {
  let root: string;
  const write = (file: string, text = 'x') => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'build-stamp-'));
    write('src/server/main.ts', 'console.log(1);');
    for (const file of BUILD_OUTPUTS) write(file);
    write(STAMP_FILE, `${sourceStamp(root)}\n`);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('a whole build of the current sources is used as it is', () => {
    expect(staleReason(root)).toBeNull();
  });

  it('a changed source means a build', () => {
    write('src/server/main.ts', 'console.log(2);');
    expect(staleReason(root)).toMatch(/does not match/);
  });

  it.each(['dist/web/index.html', 'dist/ssr/entry-server.js', 'dist/node/server/main.js'])('a stamped build without %s means a build', (file) => {
    rmSync(path.join(root, file));
    expect(staleReason(root)).toBe(`the build is incomplete (${file} missing)`);
  });
});
