import rules from '../../../schemas/constants/upload.json';

/** Why a file may not be uploaded: the label of the message and its parameters. */
export interface UploadProblem {
  key: string;
  params?: Record<string, unknown>;
}

/** The upload rules of the specification, checked in the browser before anything is sent. */
export function checkUpload(
  file: { name: string; size: number; type?: string },
  options: { image?: boolean; maxSizeMb?: number; count?: number; maxCount?: number } = {},
): UploadProblem | undefined {
  const maxSizeMb = options.maxSizeMb ?? rules.maxSizeMb;
  const maxCount = options.maxCount ?? rules.maxCount;
  const extension = file.name.slice(file.name.lastIndexOf('.')).toLowerCase();
  if (options.image && (!rules.imageExtensions.includes(extension) || !(file.type ?? '').startsWith('image/'))) {
    return { key: 'upload.notImage' };
  }
  if ([...file.name].length > rules.maxNameLength) return { key: 'upload.nameTooLong' };
  if (file.size > maxSizeMb * 1024 * 1024) return { key: 'upload.tooLarge', params: { max: maxSizeMb } };
  if ((options.count ?? 0) >= maxCount) return { key: 'upload.tooMany', params: { max: maxCount } };
  return undefined;
}
