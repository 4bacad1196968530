import { Checkbox } from 'antd';
import { PROFILE_LABELS, type Profile } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';

/**
 * Profiles as checkboxes: those the caller may hand out here, and any the member already holds
 * beyond them (granted by the system admin, say), which may be kept or taken away but are not
 * offered to anyone else. On the caller's own membership (`lowerOnly`) only what it holds may
 * change: the server refuses anything added there.
 */
export function ProfileCheckboxes({
  allowed,
  held = [],
  lowerOnly = false,
  value,
  onChange,
}: {
  allowed: readonly Profile[];
  /** What the member holds today (an edit); nothing for a new person. */
  held?: readonly Profile[];
  /** The caller's own membership: what it holds may go, nothing may be added. */
  lowerOnly?: boolean;
  value?: Profile[];
  onChange?: (value: Profile[]) => void;
}) {
  const locale = currentLocale();
  const shown = [...allowed, ...held.filter((p) => !allowed.includes(p))];
  const changeable = (p: Profile) => held.includes(p) || (!lowerOnly && allowed.includes(p));
  return (
    <Checkbox.Group
      value={value}
      onChange={(v) => onChange?.(v)}
      options={shown.map((p) => ({
        value: p,
        label: PROFILE_LABELS[p][locale],
        disabled: !changeable(p),
      }))}
    />
  );
}
