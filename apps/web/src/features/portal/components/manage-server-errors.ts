import type { FormInstance } from 'antd';
import { ApiError } from '../../../lib/http';

export const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

/** Request fields that the forms hold under another name (ids become the files they name). */
const FORM_NAME: Record<string, string> = {
  attachmentIds: 'attachments',
  coverId: 'cover',
  documentId: 'document',
};

/**
 * Marks the fields a refusal names (`detail.field`, or `detail.fields[].field`) on the form, so
 * the user sees where; the values stay as typed. Answers whether any field was marked.
 */
export function markRefusedFields(form: FormInstance, error: unknown, known: readonly string[]): boolean {
  if (!(error instanceof ApiError)) return false;
  const detail = error.detail as { field?: string; fields?: { field?: string }[] } | undefined;
  const named = [detail?.field, ...(detail?.fields ?? []).map((f) => f.field)]
    .filter((f): f is string => Boolean(f))
    .map((f) => f.replace(/^body\./, '').split('.')[0]!)
    .map((f) => FORM_NAME[f] ?? f)
    .filter((f) => known.includes(f));
  if (named.length === 0) return false;
  form.setFields([...new Set(named)].map((name) => ({ name, errors: [error.message] })));
  form.scrollToField(named[0]!);
  return true;
}
