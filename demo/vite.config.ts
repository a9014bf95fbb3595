/**
 * Vite config of the demo: `vite demo` serves it, `vite build demo` writes demo/dist. The page imports walker's
 * wasm entry, which instantiates its module with top-level await, so the build targets es2022.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { packageSources } from '../scripts/sources.ts';

const demo = fileURLToPath(new URL('.', import.meta.url));
const repo = fileURLToPath(new URL('..', import.meta.url));
/** The headers that make a page cross-origin isolated (SharedArrayBuffer, shared WebAssembly memory). */
const ISOLATED = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

export default defineConfig({
  root: demo,
  resolve: { alias: packageSources },
  base: './',
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
  },
  // The demo imports heightfield-walker from ../src (and the wasm from ../build), outside its own root. Both servers
  // make the page cross-origin isolated, so its memory can be shared and herds step on worker threads (HD-5).
  server: { host: '127.0.0.1', fs: { allow: [repo] }, headers: ISOLATED },
  preview: { host: '127.0.0.1', headers: ISOLATED },
});
