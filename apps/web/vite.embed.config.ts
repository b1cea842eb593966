import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { rcFormProviderOnly, version } from './vite.config';

/**
 * The platform as a Module Federation remote (docs/embedding.md): `dist/embed/remoteEntry.js` exposes
 * `./platform` (bootstrap, mount, unmount) to a base application. A build of its own, after the
 * standalone one (`npm run build`), so nothing of it reaches the standalone pages. Nothing is shared with
 * the base: the platform brings its own React and antd, so the base's versions do not matter.
 */
export default defineConfig({
  base: '/embed/',
  plugins: [
    react(),
    rcFormProviderOnly,
    federation({
      name: 'energy_platform',
      filename: 'remoteEntry.js',
      exposes: { './platform': './src/embed/platform.tsx' },
      shared: {},
      dts: false,
      manifest: false,
    }),
  ],
  define: { __APP_VERSION__: JSON.stringify(version) },
  build: {
    outDir: 'dist/embed',
    emptyOutDir: true,
    sourcemap: 'hidden',
    rollupOptions: { input: { platform: 'src/embed/platform.tsx' } },
  },
});
