import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** 强条: marked in red wherever a clause is shown, in words, not by colour alone. */
export function MandatoryMark() {
  const { t } = useTranslation();
  return (
    <Tag color="error" style={{ marginInlineEnd: 4 }}>
      {t('clauses.mandatoryMark')}
    </Tag>
  );
}
