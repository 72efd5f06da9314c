import rules from '../../schemas/constants/upload.json';

export const UPLOAD_RULES = rules;

/** Whether the bytes start like a JPEG or a PNG file. */
export function looksLikeImage(data: Buffer): boolean {
  const jpeg = data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff;
  const png = data.length > 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return jpeg || png;
}
