import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

function filesUnder(root: string, dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const file = join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(root, file) : [relative(root, file).split('\\').join('/')];
  });
}

/** How the files on disk under `dir` differ from those codegen makes (paths relative to `root`). */
export function staleOutputs(root: string, dir: string, files: Map<string, string>): string[] {
  const stale = [...files]
    .filter(([path, content]) => !existsSync(join(root, path)) || readFileSync(join(root, path), 'utf8') !== content)
    .map(([path]) => `stale ${path}`);
  const extra = filesUnder(root, join(root, dir))
    .filter((path) => !files.has(path))
    .map((path) => `not generated ${path}`);
  return [...stale, ...extra];
}

/** Writes the files that changed and removes those codegen no longer makes. */
export function writeOutputs(root: string, dir: string, files: Map<string, string>): void {
  for (const path of filesUnder(root, join(root, dir))) if (!files.has(path)) rmSync(join(root, path));
  for (const [path, content] of files) {
    const target = join(root, path);
    if (existsSync(target) && readFileSync(target, 'utf8') === content) continue;
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
}
