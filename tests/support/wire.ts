import type { Page } from 'playwright-core';
import compression from '../../schemas/constants/compression.json';

/** A response as it crossed the wire. */
export interface WireResponse {
  path: string;
  /** Chromium's resource type: Script, Stylesheet, Fetch, Document, Image… */
  type: string;
  /** Bytes received, headers included (Chromium's `encodedDataLength`). */
  bytes: number;
  /** Bytes of the body once decoded. */
  bodyBytes: number;
  encoding: string | undefined;
}

/** What a page load sent over the wire: every response, the JavaScript's bytes and files, and the text sent uncompressed. */
export interface WireLoad {
  responses: WireResponse[];
  scriptBytes: number;
  scripts: number;
  /** The client's files of text (JavaScript, CSS, JSON) over 1 KiB that came without a content encoding. */
  uncompressed: WireResponse[];
}

/**
 * Loads a page with Chromium's cache off, as a first visit does, and counts what crossed the wire
 * (`go` navigates, `ready` waits for what the user waits for), until the network is idle.
 */
export async function loadOverWire(page: Page, go: () => Promise<unknown>, ready: () => Promise<unknown>): Promise<WireLoad> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const byId = new Map<string, WireResponse>();
  cdp.on('Network.responseReceived', (event) => {
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    byId.set(event.requestId, {
      path: new URL(event.response.url).pathname,
      type: event.type ?? 'Other',
      bytes: 0,
      bodyBytes: 0,
      encoding: headers['content-encoding'],
    });
  });
  cdp.on('Network.dataReceived', (event) => {
    const response = byId.get(event.requestId);
    if (response) response.bodyBytes += event.dataLength;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const response = byId.get(event.requestId);
    if (response) response.bytes = event.encodedDataLength;
  });
  await go();
  await ready();
  await page.waitForLoadState('networkidle');
  await cdp.detach();
  const responses = [...byId.values()];
  const scripts = responses.filter((response) => response.type === 'Script');
  return {
    responses,
    scriptBytes: scripts.reduce((sum, response) => sum + response.bytes, 0),
    scripts: scripts.length,
    uncompressed: responses.filter(
      (response) =>
        !response.encoding &&
        response.bodyBytes > compression.aboveBytes &&
        (['Script', 'Stylesheet'].includes(response.type) || /\.(js|css|json)$/.test(response.path)),
    ),
  };
}
