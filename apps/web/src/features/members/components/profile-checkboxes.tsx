import { Checkbox } from 'antd';
import { PROFILE_LABELS, type Profile } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';

/** The profiles this organisation type may hand out, as checkboxes. */
export function ProfileCheckboxes({
  allowed,
  value,
  onChange,
}: {
  allowed: readonly Profile[];
  value?: Profile[];
  onChange?: (value: Profile[]) => void;
}) {
  const locale = currentLocale();
  return (
    <Checkbox.Group
      value={value}
      onChange={(v) => onChange?.(v)}
      options={allowed.map((p) => ({ value: p, label: PROFILE_LABELS[p][locale] }))}
    />
  );
}
