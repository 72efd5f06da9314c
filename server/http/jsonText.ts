/**
 * Data a handler answers as JSON text already (the dashboard's batch answers, kept as text and
 * listed as they are): the route puts the text in its envelope instead of serialising the data.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/** Whether an answer is an envelope around data given as text. */
export function aroundText(answer: unknown): answer is { code: number; msg: string; data: JsonText } {
  return typeof answer === 'object' && answer !== null && (answer as { data?: unknown }).data instanceof JsonText;
}

/** The JSON text of an envelope around data given as text. */
export function envelopeText(answer: { code: number; msg: string; data: JsonText }): string {
  return `{"code":${answer.code},"msg":${JSON.stringify(answer.msg)},"data":${answer.data.text}}`;
}
