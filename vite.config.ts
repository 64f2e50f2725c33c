import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.ts';
import { pruneReactRouter } from './scripts/prune-react-router.ts';
import { purgeUnusedCss } from './scripts/purge-css.ts';
import { rasterImages } from './scripts/raster-images.ts';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 5000}`;

export default defineConfig(({ command, isSsrBuild }) => ({
  root: 'src/web',
  publicDir: 'public',
  // The server's render (entry-server.tsx, docs/seo.md) is read from disk, never sent: nothing to compress.
  plugins: isSsrBuild ? [react()] : [react(), pruneReactRouter(), rasterImages(), precompress()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Every browser the shop supports preloads modules itself: the first page need not carry a polyfill.
    modulePreload: { polyfill: false },
    // The public files are served from the web build alone.
    copyPublicDir: !isSsrBuild,
    // What every page loads comes as one file: a dozen small shared chunks cost requests and
    // compress worse. Screens and rarer code still load on demand.
    rolldownOptions: isSsrBuild ? undefined : { output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } } },
  },
  // The server's render bundles its libraries: it needs nothing from node_modules at run time.
  ssr: { noExternal: true },
  // …and React's production build, whatever NODE_ENV the server runs with.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
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
