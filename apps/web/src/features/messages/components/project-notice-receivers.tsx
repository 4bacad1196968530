import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { ProjectNoticeReceiver } from '@drp/domain';
import './project-notice-texts';

const time = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

/** Each receiving organisation (or person), and who of it read the message when. */
export function ProjectNoticeReceivers({ receivers }: { receivers: readonly ProjectNoticeReceiver[] }) {
  const { t } = useTranslation();
  return (
    <ul style={{ margin: 0, paddingInlineStart: 0, listStyle: 'none' }}>
      {receivers.map((r) => (
        <li
          key={`${r.orgId}:${r.personName ?? ''}`}
          data-testid="notice-receiver"
          data-read={r.reads.length > 0}
        >
          <Space wrap size={4}>
            <Typography.Text strong>
              {r.orgName}
              {r.personName ? t('projectNotices.person', { name: r.personName }) : ''}
            </Typography.Text>
            {r.reads.length === 0 ? (
              <Tag>{t('projectNotices.unread')}</Tag>
            ) : (
              r.reads.map((read) => (
                <Tag color="green" key={`${read.name}:${read.readAt}`}>
                  {t('projectNotices.readBy', { name: read.name, time: time(read.readAt) })}
                </Tag>
              ))
            )}
            {r.settledAt && (
              <Tag color="blue">{t('projectNotices.settledAt', { time: time(r.settledAt) })}</Tag>
            )}
          </Space>
        </li>
      ))}
    </ul>
  );
}
