// First step of `npm start` (and of backup and restore): rebuild when dist/ was not built from the
// code as it is now, or when part of it is gone (a removed dist/web, an interrupted build).
import { execFileSync } from 'node:child_process';
import { staleReason } from './build-stamp.mjs';

const reason = staleReason();
if (reason) {
  console.log(`${reason}: building…`);
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
}
