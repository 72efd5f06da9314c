import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate, GENERATED } from './generate';
import { staleOutputs, writeOutputs } from './outputs';
import { inputsHash, recordBuild } from './stamps';
import { CODEGEN } from './targets';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  // Read before generating: an edit made while codegen runs leaves generated/ stale for `npm start`.
  const inputs = inputsHash(root, CODEGEN);
  const files = await generate(root, check);
  if (check) {
    const stale = staleOutputs(root, GENERATED, files);
    if (stale.length > 0) throw new Error(`generated/ is out of date; run npm run codegen:\n  ${stale.join('\n  ')}`);
    console.log(`codegen: ${files.size} files up to date`);
    return;
  }
  writeOutputs(root, GENERATED, files);
  recordBuild(root, CODEGEN, inputs);
  console.log(`codegen: ${files.size} files in ${GENERATED}/`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
