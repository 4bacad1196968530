import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize-rich-text.js';

describe('sanitizeRichText', () => {
  it('keeps what an editor writes', () => {
    const html =
      '<h2>关于开展施工图审查质量检查的通知</h2><p>各市州住房和城乡建设局：<strong>请于</strong>3月31日前报送。</p>' +
      '<ul><li>一、检查范围</li></ul><table><tbody><tr><td colspan="2">附表</td></tr></tbody></table>';
    expect(sanitizeRichText(html)).toEqual({ html, cleaned: false });
  });

  it('takes out scripts, event handlers, styles and frames, and says so', () => {
    const { html, cleaned } = sanitizeRichText(
      '<p style="color:red" onclick="steal()">通知</p><script>alert(1)</script>' +
        '<img src="/api/portal/files/1" onerror="alert(2)"><iframe src="https://evil.example"></iframe>',
    );
    expect(cleaned).toBe(true);
    expect(html).toBe('<p>通知</p><img src="/api/portal/files/1" />');
  });

  it('refuses script and data links and foreign relative images', () => {
    const { html } = sanitizeRichText(
      '<a href="javascript:alert(1)">点我</a><a href="https://www.mohurd.gov.cn/">住建部</a>' +
        '<img src="data:image/png;base64,AAAA"><img src="/etc/passwd"><img src="//evil.example/x.png">',
    );
    expect(html).toBe(
      '<a target="_blank" rel="noopener noreferrer">点我</a>' +
        '<a href="https://www.mohurd.gov.cn/" target="_blank" rel="noopener noreferrer">住建部</a>',
    );
  });

  it('makes an empty document no body', () => {
    expect(sanitizeRichText('<p></p>')).toEqual({ html: null, cleaned: false });
    expect(sanitizeRichText('<p><script>x</script></p>').html).toBeNull();
    expect(sanitizeRichText(null)).toEqual({ html: null, cleaned: false });
  });
});
