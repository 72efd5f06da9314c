import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The form code (react-jsonschema-form, its validator and the platform's form controls) in a chunk
 * of its own: left to itself the bundler shares one chunk between it and the Ant Design controls
 * every screen uses, and the dashboard, which shows no form until a widget is configured, would
 * load it with them. (Only the form libraries are named: a module they share with the rest, such
 * as react-is, stays where the bundler puts it.)
 */
const FORM_CODE =
  /runtime[\\/]forms[\\/]|node_modules[\\/](@rjsf|markdown-to-jsx|fast-uri|ajv|ajv-formats|ajv-i18n|jsonpointer)[\\/]/;

/**
 * Ant Design's form contexts, which every input and select reads, take the form library's provider
 * from the library's index; the index sets the form's parts on it as properties, so the bundler
 * keeps the whole form library (14 KiB gzip) on every screen, forms or not. That one import is
 * resolved to the module the provider is defined in, the same module the index uses.
 */
function formProviderAlone(): Plugin {
  const formContext = join(dirname(createRequire(import.meta.url).resolve('@rc-component/form')), '..', 'es', 'FormContext.js');
  return {
    name: 'form-provider-alone',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === '@rc-component/form' && importer && /antd[\\/]es[\\/]form[\\/]context\.js$/.test(importer)
        ? formContext
        : null;
    },
  };
}

export default defineConfig({
  plugins: [react(), formProviderAlone()],
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
