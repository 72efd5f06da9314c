import { expect, test } from 'vitest';
import { sanitizeHtml } from './sanitize';

test.each([
  ['<p>ok<script>alert(1)</script></p>', '<p>ok</p>'],
  ['<img src="x" onerror="alert(1)">', '<img src="x">'],
  ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
  ['<iframe src="https://example.com"></iframe><form><input></form>', ''],
  ['<span style="color: rgb(230, 0, 0); position: fixed">red</span>', '<span style="color: rgb(230, 0, 0)">red</span>'],
  ['<span style="background-color: #ffff00">marked</span>', '<span style="background-color: #ffff00">marked</span>'],
  ['<span style="background-image: url(javascript:alert(1))">x</span>', '<span>x</span>'],
  ['<p class="ql-align-center"><strong>t</strong></p>', '<p class="ql-align-center"><strong>t</strong></p>'],
])('%s is stored as %s', (html, safe) => {
  expect(sanitizeHtml(html)).toBe(safe);
});
