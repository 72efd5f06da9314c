import { readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import compression from './schemas/constants/compression.json' with { type: 'json' };

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

/**
 * Each built file of text over 1 KiB (as for the server's answers) written beside itself compressed, `.br` (brotli at its highest
 * quality) and `.gz`: compressed once here, where the time it takes costs no user anything, and
 * sent as they are by the server (`preCompressed` of @fastify/static).
 */
function precompressed(): Plugin {
  let outDir = '';
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  return {
    name: 'precompressed',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    // Asynchronous, so that the files are compressed side by side on the threads of libuv's pool.
    async closeBundle() {
      const compressible = files(outDir).filter(
        (file) => /\.(js|css|html|json|svg|txt)$/.test(file) && statSync(file).size > compression.aboveBytes,
      );
      await Promise.all(
        compressible.map(async (file) => {
          const text = await readFile(file);
          await Promise.all([
            writeFile(`${file}.br`, await promisify(brotliCompress)(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })),
            writeFile(`${file}.gz`, await promisify(gzip)(text, { level: 9 })),
          ]);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), formProviderAlone(), precompressed()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // The common chunks of a few KiB (an icon, a hook shared by two screens) copied into the chunks
        // that read them, one state for all copies (rolldown's registry): the dashboard's first visit
        // asked for 86 files, which a browser fetches six at a time over HTTP/1.1, a round trip each on
        // a phone's network (docs/decisions.md, "Fewer, larger files"). Stylesheets stay files.
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: 6000, exclude: /\.css(\?|$)/ },
          // The widgets' data rules (their `rules.ts`, `widgets/data.ts`) and the plain modules they
          // read, one chunk that the dashboard's loader asks for before the screen's code: the first
          // data call leaves with it (docs/decisions.md, "The dashboard's data asked for before its
          // screen's code"). Named module by module: taken with their dependencies, the group held
          // what the sign-in page loads too (182 KiB there instead of 146), and `earlyRequest.ts`,
          // which the shell imports, stays out; without a group these small modules were copied
          // into several chunks.
          groups: [
            {
              name: 'dashboardData',
              test: /[\\/](pages[\\/]dashboard[\\/]earlyData|widgets[\\/](data|[^\\/]+[\\/]rules)|runtime[\\/](dashboard[\\/](figures|period|widget|context|widgetNeeds|needs|stationStatus|document|scheduler|screenScheduler|batchFetcher)|charts[\\/](palette|places|land|seriesName|cartesian|ring|marks|time)|format[\\/]dateRanges))\.ts$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(
      ['/manager', '/auth', '/tools', '/ems', '/admin', '/act', '/docs'].map((prefix) => [prefix, 'http://127.0.0.1:8080']),
    ),
  },
});
