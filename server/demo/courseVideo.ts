import { readFile } from 'node:fs/promises';

/** Made once with FFmpeg and kept as data; `media/README.md` has the command. */
const FILE = new URL('./media/course.mp4', import.meta.url);

/** The length of the demo's course video, in seconds: the length of every demo course. */
export const COURSE_VIDEO_SECONDS = 8;

/** The demo's course video: a short MP4 test card marked DEMO (the demo has no real recording). */
export function courseVideo(): Promise<Buffer> {
  return readFile(FILE);
}
