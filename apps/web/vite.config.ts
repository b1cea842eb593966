import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const target = 'http://localhost:8080';
export const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * antd's form context (which Modal, Button and Input reach through ContextIsolator, so every page) takes
 * only FormProvider from rc-form, but through rc-form's index, whose statics (Form.Field = ...) keep all
 * of rc-form and its validator in the entry. Pointing that one import at the module that defines
 * FormProvider leaves them to the pages with forms (docs/web-shell.md: what the first page loads).
 */
export const rcFormProviderOnly: Plugin = {
  name: 'energy:rc-form-provider-only',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source !== '@rc-component/form' || !importer || !/antd[\\/]es[\\/]form[\\/]context\.js$/.test(importer)) return null;
    return this.resolve('@rc-component/form/es/FormContext.js', importer, { skipSelf: true });
  },
};

export default defineConfig({
  plugins: [react(), rcFormProviderOnly],
  define: { __APP_VERSION__: JSON.stringify(version) },
  server: {
    proxy: {
      '/api': { target, changeOrigin: true },
      '/server': { target, changeOrigin: true },
      '/ws': { target, changeOrigin: true, ws: true },
      '/energy-settings.js': { target, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // maps are emitted next to each chunk but not named in it: the error reporter fetches them to turn a
    // stack's frames into source lines (docs/error-reporting.md); the browser never loads them by itself
    sourcemap: 'hidden',
  },
});
