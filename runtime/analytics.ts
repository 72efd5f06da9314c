/** A page view: where the user went and when. */
export interface PageView {
  path: string;
  route?: string;
  time: number;
}

export interface Analytics {
  pageView(view: PageView): void;
}

/**
 * Page views go to an installation's analytics destination, if it configures one
 * (`VITE_ANALYTICS_URL` at build time); without one nothing leaves the browser.
 */
export function createAnalytics(destination: string | undefined, send: (url: string, body: string) => void = beacon): Analytics {
  if (!destination) return { pageView: () => undefined };
  return { pageView: (view) => send(destination, JSON.stringify(view)) };
}

function beacon(url: string, body: string): void {
  navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }));
}
