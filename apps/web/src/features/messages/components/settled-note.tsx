import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { messageTypeName, type Locale, type Message } from '@drp/domain';

/** 已办: who did the work and when, and the step that settled it (when it sent a message). */
export function SettledNote({ message, locale }: { message: Message; locale: Locale }) {
  const { t } = useTranslation();
  if (!message.settledAt) return null;
  const time = dayjs(message.settledAt).format('YYYY-MM-DD HH:mm');
  return (
    <span className="message-settled" data-testid="message-settled">
      {t('messages.settled', { name: message.settledBy ?? t('messages.platform'), time })}
      {message.settledWith && ` · ${messageTypeName(message.settledWith, locale)}`}
    </span>
  );
}
