// First step of `npm start`: rebuild when dist/ was not built from the code as it is now.
import { execFileSync } from 'node:child_process';
import { builtStamp, sourceStamp } from './build-stamp.mjs';

if (builtStamp() !== sourceStamp()) {
  console.log('The build does not match the sources: building…');
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
}
