import { formatChecks } from '../../generated/formatChecks';

/** The digits and letters a code is written in (those of a credit code among them). */
const CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A unified social credit code of the demo: its 17 characters and the check character they call for. */
export function creditCode(first17: string): string {
  const code = [...CHARACTERS].map((last) => first17 + last).find(formatChecks.creditCode);
  if (!code) throw new Error(`${first17}: no credit code begins so`);
  return code;
}
