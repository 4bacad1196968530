import { describe, expect, it } from 'vitest';
import { docVersionStatusText } from './doc-repository-contracts.js';

describe('docVersionStatusText', () => {
  it('reads an accepted version as in review until the application has passed, then as reviewed', () => {
    expect(docVersionStatusText('REVIEW', 'IN_REVIEW', 'zh-CN')).toBe('审查中');
    expect(docVersionStatusText('REVIEW', 'PASSED', 'zh-CN')).toBe('审查完成');
    expect(docVersionStatusText('REVIEW', 'FILED', 'en-US')).toBe('Review complete');
    expect(docVersionStatusText('UPLOADING', 'PASSED', 'zh-CN')).toBe('资料上传中');
    expect(docVersionStatusText('SUBMITTED', undefined, 'en-US')).toBe('Sent, awaiting acceptance');
  });
});
