import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress';
import { purgeUnusedCss } from './scripts/purge-css';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 5000}`;

export default defineConfig(({ command }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), precompress()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
  css: {
    postcss: { plugins: command === 'build' ? [purgeUnusedCss()] : [] },
    preprocessorOptions: {
      // Bootstrap 5.3's Sass still uses @import and global functions.
      scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'] },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/uploads': apiTarget },
  },
}));
