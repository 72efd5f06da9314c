/** HTTP statuses with a message of their own (the specification's error catalogue). */
const STATUS_MESSAGES = [400, 401, 403, 404, 408, 500, 501, 502, 503, 504, 505];

/** The label of the message for a failed call that carries no message of the server's. */
export function statusMessageKey(status: number): { key: string; params?: Record<string, unknown> } {
  return STATUS_MESSAGES.includes(status) ? { key: `http.${status}` } : { key: 'http.other', params: { status } };
}
