import { useMemo, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  CREDENTIALS_BY_ORG_TYPE,
  ORG_TYPE_LABELS,
  PERSON_TITLE_LABELS,
  PROFILE_LABELS,
  REGISTRATION_TYPE_LABELS,
  type OrgMember,
  type PasswordPolicyName,
} from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import { ApiError } from '../../../lib/http';
import { useOrgMembers } from '../api/get-org-members';
import { useSpecialties } from '../api/get-specialties';
import { useResetMemberPassword, useUnlockMember, useUpdateMember } from '../api/member-mutations';
import { AddMemberModal } from './add-member-modal';
import { EditMemberModal } from './edit-member-modal';
import { PendingInvitations } from './pending-invitations';

type StatusFilter = 'all' | 'enabled' | 'disabled' | 'locked';

/** An organisation admin's view of the organisation's people (企业后台 · 人员管理). */
export function OrgMembersPanel({
  orgId,
  selfAccountId,
  policy,
}: {
  orgId: string;
  selfAccountId: string;
  policy: PasswordPolicyName;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const locale = currentLocale();
  const query = useOrgMembers(orgId);
  const update = useUpdateMember(orgId);
  const reset = useResetMemberPassword(orgId);
  const unlock = useUnlockMember(orgId);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<OrgMember | null>(null);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');

  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (query.data?.members ?? []).filter((m) => {
      if (needle && !`${m.name} ${m.username} ${m.phone ?? ''}`.toLowerCase().includes(needle)) return false;
      if (status === 'enabled') return m.enabled;
      if (status === 'disabled') return !m.enabled;
      if (status === 'locked') return m.locked;
      return true;
    });
  }, [query.data, search, status]);

  const fail = (error: unknown) =>
    void message.error(error instanceof ApiError ? error.message : String(error));

  const toggleEnabled = async (member: OrgMember) => {
    try {
      await update.mutateAsync([member.id, { enabled: !member.enabled }]);
      void message.success(member.enabled ? t('members.disabledDone') : t('members.enabledDone'));
    } catch (error) {
      fail(error);
    }
  };
  const resetPassword = async (member: OrgMember) => {
    try {
      const { temporaryPassword } = await reset.mutateAsync([member.id]);
      modal.success({
        title: t('members.resetDoneTitle', { name: member.name }),
        content: (
          <Space orientation="vertical">
            <Typography.Text>{t('members.resetDoneText')}</Typography.Text>
            <Typography.Text code copyable strong data-testid="temporary-password">
              {temporaryPassword}
            </Typography.Text>
          </Space>
        ),
        okText: t('common.confirm'),
      });
    } catch (error) {
      fail(error);
    }
  };
  const unlockAccount = async (member: OrgMember) => {
    try {
      await unlock.mutateAsync([member.id]);
      void message.success(t('members.unlocked'));
    } catch (error) {
      fail(error);
    }
  };

  const org = query.data?.org;
  const kept = org ? CREDENTIALS_BY_ORG_TYPE[org.orgType] : undefined;
  const keepsAny = Boolean(kept && (kept.specialties || kept.title || kept.registration));
  const specialties = useSpecialties(Boolean(kept?.specialties));
  const specialtyName = (code: string) => {
    const item = specialties.data?.items.find((i) => i.code === code);
    return item ? (locale === 'en-US' ? item.nameEn : item.name) : code;
  };

  if (query.isError)
    return <Alert type="error" showIcon title={query.error.message} data-testid="members-error" />;

  return (
    <Card
      loading={query.isPending}
      title={
        org && (
          <Space>
            <span data-testid="members-org">{org.name}</span>
            <Tag>{ORG_TYPE_LABELS[org.orgType][locale]}</Tag>
          </Space>
        )
      }
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setAdding(true)}
          data-testid="add-member"
        >
          {t('members.add')}
        </Button>
      }
    >
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search
          allowClear
          placeholder={t('members.searchPlaceholder')}
          aria-label={t('members.searchPlaceholder')}
          onChange={(e) => setSearch(e.target.value)}
          style={{ width: 280 }}
        />
        <Select<StatusFilter>
          value={status}
          onChange={setStatus}
          style={{ width: 140 }}
          aria-label={t('members.state')}
          options={(['all', 'enabled', 'disabled', 'locked'] as const).map((s) => ({
            value: s,
            label: t(`members.status.${s}`),
          }))}
        />
      </Space>
      <Table<OrgMember>
        rowKey="id"
        dataSource={rows}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        columns={[
          { title: t('members.name'), dataIndex: 'name' },
          { title: t('members.username'), dataIndex: 'username' },
          { title: t('members.phone'), dataIndex: 'phone' },
          {
            title: t('members.profiles'),
            dataIndex: 'profiles',
            render: (profiles: OrgMember['profiles']) =>
              profiles.length ? (
                profiles.map((p) => (
                  <Tag color="blue" key={p}>
                    {PROFILE_LABELS[p][locale]}
                  </Tag>
                ))
              ) : (
                <Typography.Text type="secondary">{t('members.noProfile')}</Typography.Text>
              ),
          },
          ...(keepsAny
            ? [
                {
                  title: t('people.credentials'),
                  key: 'credentials',
                  render: (_: unknown, m: OrgMember) => {
                    const c = m.credentials;
                    const parts = [
                      ...c.specialties.map((code) => <Tag key={code}>{specialtyName(code)}</Tag>),
                      ...(c.title ? [<Tag key="title">{PERSON_TITLE_LABELS[c.title][locale]}</Tag>] : []),
                      ...(c.registrationType
                        ? [
                            <Typography.Text key="reg" style={{ whiteSpace: 'nowrap' }}>
                              {REGISTRATION_TYPE_LABELS[c.registrationType][locale]} {c.registrationNo}
                            </Typography.Text>,
                          ]
                        : []),
                    ];
                    return parts.length ? (
                      <Space size={4} wrap data-testid="member-credentials">
                        {parts}
                      </Space>
                    ) : (
                      <Typography.Text type="secondary">{t('people.none')}</Typography.Text>
                    );
                  },
                },
              ]
            : []),
          {
            title: t('members.orgAdmin'),
            dataIndex: 'admin',
            render: (admin: boolean) => (admin ? <Tag color="gold">{t('members.adminTag')}</Tag> : null),
          },
          {
            title: t('members.state'),
            key: 'state',
            render: (_, m) => (
              <Space size={4}>
                {m.enabled ? (
                  <Tag color="green">{t('members.status.enabled')}</Tag>
                ) : (
                  <Tag>{t('members.status.disabled')}</Tag>
                )}
                {m.locked && <Tag color="red">{t('members.status.locked')}</Tag>}
                {m.resetRequested && (
                  <Tooltip title={t('people.resetRequestedHint')}>
                    <Tag color="purple" data-testid="reset-requested">
                      {t('people.resetRequested')}
                    </Tag>
                  </Tooltip>
                )}
              </Space>
            ),
          },
          {
            title: t('members.actions'),
            key: 'actions',
            render: (_, m) => (
              <Space size={0} wrap>
                <Button type="link" size="small" onClick={() => setEditing(m)}>
                  {t('members.edit')}
                </Button>
                {m.accountId !== selfAccountId && (
                  <Popconfirm
                    title={
                      m.enabled
                        ? t('members.confirmDisable', { name: m.name })
                        : t('members.confirmEnable', { name: m.name })
                    }
                    onConfirm={() => toggleEnabled(m)}
                    okText={t('common.confirm')}
                    cancelText={t('common.cancel')}
                  >
                    <Button type="link" size="small" danger={m.enabled}>
                      {m.enabled ? t('members.disable') : t('members.enable')}
                    </Button>
                  </Popconfirm>
                )}
                <Popconfirm
                  title={t('members.confirmReset', { name: m.name })}
                  onConfirm={() => resetPassword(m)}
                  okText={t('common.confirm')}
                  cancelText={t('common.cancel')}
                >
                  <Button type="link" size="small" data-testid={`reset-${m.username}`}>
                    {t('members.resetPassword')}
                  </Button>
                </Popconfirm>
                {m.locked && (
                  <Button type="link" size="small" onClick={() => void unlockAccount(m)}>
                    {t('members.unlock')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      {org && (
        <>
          <AddMemberModal
            orgId={orgId}
            allowedProfiles={org.allowedProfiles}
            policy={policy}
            open={adding}
            onClose={() => setAdding(false)}
          />
          <EditMemberModal
            orgId={orgId}
            orgType={org.orgType}
            member={editing}
            allowedProfiles={org.allowedProfiles}
            selfAccountId={selfAccountId}
            onClose={() => setEditing(null)}
          />
        </>
      )}
      <PendingInvitations orgId={orgId} />
    </Card>
  );
}
