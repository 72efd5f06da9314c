import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Operation } from './operations';

/**
 * The table of each call the specifications name beside the operation that serves it. Every
 * operation of the contract has a row, so that a new one is either a call of the specifications
 * or says it is the platform's extension; `tests/api/apiCoverage.test.ts` then calls each row.
 */
export const API_COVERAGE = 'docs/api-coverage.md';

/** One row of the table: `| <call> | \`GET /path\` | \`operationId\` |`. */
export interface CoverageRow {
  method: string;
  path: string;
  operationId: string;
}

const ROW = /^\|.*\|\s*`(GET|POST|PUT|DELETE|PATCH) ([^`\s]+)`\s*\|\s*`(\w+)`\s*\|\s*$/;

/** The rows of the coverage table, in the order written (one operation may serve several calls). */
export function coverageRows(text: string): CoverageRow[] {
  return text.split('\n').flatMap((line) => {
    const match = ROW.exec(line.trim());
    return match ? [{ method: match[1] ?? '', path: match[2] ?? '', operationId: match[3] ?? '' }] : [];
  });
}

/** Operations without a row, and rows that name no operation or another method or path than the contract's. */
export function coverageProblems(root: string, operations: Operation[]): string[] {
  const rows = coverageRows(readFileSync(join(root, API_COVERAGE), 'utf8'));
  const listed = new Set(rows.map((row) => row.operationId));
  const problems: string[] = [];
  for (const op of operations) {
    const call = `${op.method.toUpperCase()} ${op.path}`;
    if (!listed.has(op.operationId))
      problems.push(
        `${API_COVERAGE}: ${op.operationId} (${call}) has no row: add | <the call> | \`${call}\` | \`${op.operationId}\` |`,
      );
  }
  const byId = new Map(operations.map((op) => [op.operationId, op]));
  for (const row of rows) {
    const op = byId.get(row.operationId);
    const call = op && `${op.method.toUpperCase()} ${op.path}`;
    if (!call) problems.push(`${API_COVERAGE}: a row names ${row.operationId}, which is no operation of openapi/`);
    else if (call !== `${row.method} ${row.path}`)
      problems.push(`${API_COVERAGE}: the row of ${row.operationId} says ${row.method} ${row.path}, openapi/ says ${call}`);
  }
  return problems;
}
