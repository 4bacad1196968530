import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CERTIFICATE_NO_PATTERN,
  CREDENTIALS_BY_ORG_TYPE,
  MEMBER_SPECIALTIES_MAX,
  PERSON_TITLES,
  PERSON_TITLE_LABELS,
  REGISTRATION_TYPES,
  REGISTRATION_TYPE_LABELS,
  type OrgType,
} from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import { useSpecialties } from '../api/get-specialties';

/**
 * 专业, 职称, 注册类型 and 证书号 as the organisation type keeps them (a review agency all four,
 * design and survey units the registration), under `credentials` in the member form.
 */
export function CredentialFields({ orgType }: { orgType: OrgType }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const kept = CREDENTIALS_BY_ORG_TYPE[orgType];
  const specialties = useSpecialties(kept.specialties);
  const en = locale === 'en-US';
  return (
    <>
      {kept.specialties && (
        <Form.Item
          name={['credentials', 'specialties']}
          label={t('people.specialties')}
          rules={[{ type: 'array', max: MEMBER_SPECIALTIES_MAX }]}
        >
          <Select
            mode="multiple"
            allowClear
            loading={specialties.isPending}
            placeholder={t('people.specialtiesPlaceholder')}
            aria-label={t('people.specialties')}
            optionFilterProp="label"
            options={(specialties.data?.items ?? []).map((item) => ({
              value: item.code,
              label: en ? item.nameEn : item.name,
            }))}
            data-testid="credential-specialties"
          />
        </Form.Item>
      )}
      {kept.title && (
        <Form.Item name={['credentials', 'title']} label={t('people.title')}>
          <Select
            allowClear
            placeholder={t('people.titlePlaceholder')}
            aria-label={t('people.title')}
            options={PERSON_TITLES.map((value) => ({ value, label: PERSON_TITLE_LABELS[value][locale] }))}
            data-testid="credential-title"
          />
        </Form.Item>
      )}
      {kept.registration && (
        <>
          <Form.Item
            name={['credentials', 'registrationType']}
            label={t('people.registrationType')}
            dependencies={[['credentials', 'registrationNo']]}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, value: string | null | undefined) =>
                  !value && getFieldValue(['credentials', 'registrationNo'])
                    ? Promise.reject(new Error(t('people.registrationPair')))
                    : Promise.resolve(),
              }),
            ]}
          >
            <Select
              allowClear
              placeholder={t('people.registrationTypePlaceholder')}
              aria-label={t('people.registrationType')}
              options={REGISTRATION_TYPES.map((value) => ({
                value,
                label: REGISTRATION_TYPE_LABELS[value][locale],
              }))}
              data-testid="credential-registration-type"
            />
          </Form.Item>
          <Form.Item
            name={['credentials', 'registrationNo']}
            label={t('people.registrationNo')}
            dependencies={[['credentials', 'registrationType']]}
            rules={[
              { pattern: CERTIFICATE_NO_PATTERN, message: t('people.registrationNoRule') },
              ({ getFieldValue }) => ({
                validator: (_, value: string | null | undefined) =>
                  !value?.trim() && getFieldValue(['credentials', 'registrationType'])
                    ? Promise.reject(new Error(t('people.registrationPair')))
                    : Promise.resolve(),
              }),
            ]}
          >
            <Input maxLength={40} data-testid="credential-registration-no" />
          </Form.Item>
        </>
      )}
    </>
  );
}
