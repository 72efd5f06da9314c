import { describe, expect, test } from 'vitest';
import { createI18n } from '../../i18n/i18n';
import { checkUpload } from './uploadCheck';

const MB = 1024 * 1024;
const zh = createI18n('zh').t;

describe('upload rules', () => {
  test.each([
    ['a PNG picture', { name: 'scan.png', size: MB, type: 'image/png' }, { image: true }, undefined],
    ['a JPEG picture', { name: 'scan.JPEG', size: MB, type: 'image/jpeg' }, { image: true }, undefined],
    ['a GIF where a picture is asked', { name: 'scan.gif', size: MB, type: 'image/gif' }, { image: true }, '请选择图片'],
    ['a text file named .png', { name: 'scan.png', size: 10, type: 'text/plain' }, { image: true }, '请选择图片'],
    ['a 201-character name', { name: `${'a'.repeat(197)}.pdf`, size: 10 }, {}, '请将文件名长度控制在200字数以内！'],
    ['a file over 50 MB', { name: 'big.pdf', size: 50 * MB + 1 }, {}, '文件大小不能超过 50MB'],
    ['a 31st file', { name: 'one.pdf', size: 10 }, { count: 30 }, '最多上传 30 个文件'],
  ])('%s', (_case, file, options, message) => {
    const problem = checkUpload(file, options);
    expect(problem ? zh(problem.key as never, problem.params as never) : undefined).toBe(message);
  });
});

test("a failed upload asks, in the specification's words, to delete the file", () => {
  expect(zh('upload.failed', { name: '合同.pdf' })).toBe('合同.pdf 上传失败，请删除该文件');
});
