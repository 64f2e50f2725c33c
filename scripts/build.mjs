// `npm run build`: the server compiled to dist/node (run by plain `node`), the web app built to
// dist/web and its server render to dist/ssr, in production mode whatever NODE_ENV says, then the
// stamp of the sources they came from.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { STAMP_FILE, sourceStamp } from './build-stamp.mjs';

const stamp = sourceStamp();
rmSync(STAMP_FILE, { force: true });
const env = { ...process.env, NODE_ENV: 'production' };
const bin = (name) => `node_modules/.bin/${name}`;

rmSync('dist/node', { recursive: true, force: true });
execFileSync(bin('tsc'), ['-p', 'tsconfig.server.json'], { stdio: 'inherit', env });
// The migrations are SQL read at run time, beside the compiled client.
cpSync('src/server/db/migrations', 'dist/node/server/db/migrations', { recursive: true });
execFileSync(bin('vite'), ['build', '--mode', 'production'], { stdio: 'inherit', env });
// The server's render of the public pages (docs/seo.md), which the server finds beside dist/web.
execFileSync(bin('vite'), ['build', '--mode', 'production', '--ssr', 'entry-server.tsx', '--outDir', '../../dist/ssr', '--emptyOutDir'], {
  stdio: 'inherit',
  env,
});

mkdirSync('dist', { recursive: true });
writeFileSync(STAMP_FILE, `${stamp}\n`);
