import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The form code (react-jsonschema-form, its validator and the platform's form controls) in a chunk
 * of its own: left to itself the bundler shares one chunk between it and the Ant Design controls
 * every screen uses, and the dashboard, which shows no form until a widget is configured, would
 * load it with them. (Only the form libraries are named: a module they share with the rest, such
 * as react-is, stays where the bundler puts it.)
 */
const FORM_CODE =
  /runtime[\\/]forms[\\/]|node_modules[\\/](@rjsf|markdown-to-jsx|fast-uri|ajv|ajv-formats|ajv-i18n|jsonpointer)[\\/]/;

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: { codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: 'forms', test: FORM_CODE }] } },
    },
  },
  server: {
    proxy: Object.fromEntries(
      ['/manager', '/auth', '/tools', '/ems', '/admin', '/act', '/docs'].map((prefix) => [prefix, 'http://127.0.0.1:8080']),
    ),
  },
});
