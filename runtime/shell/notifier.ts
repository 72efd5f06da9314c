/** Shows warnings from outside React (the API client); the app shell attaches Ant Design's messages. */
export interface Notifier {
  warn(text: string): void;
  attach(show: (text: string) => void): () => void;
}

export function createNotifier(): Notifier {
  let show: ((text: string) => void) | undefined;
  return {
    warn: (text) => show?.(text),
    attach(next) {
      show = next;
      return () => {
        if (show === next) show = undefined;
      };
    },
  };
}
