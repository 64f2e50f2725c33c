// `npm run dev`: the API server (restarting on change) and Vite with hot reload, together.
import { spawn } from 'node:child_process';

const children = [spawn('npx', ['tsx', 'watch', 'src/server/main.ts'], { stdio: 'inherit' }), spawn('npx', ['vite'], { stdio: 'inherit' })];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) =>
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
