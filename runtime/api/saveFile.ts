import type { DownloadedFile } from './client';

/** Hands a file a call answered to the browser, under the name the server gave it. */
export function saveFile(file: DownloadedFile): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(file.blob);
  link.download = file.fileName;
  link.click();
  URL.revokeObjectURL(link.href);
}
