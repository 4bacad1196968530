import antd from 'antd/es/locale/zh_CN';
import { zhCNSignIn } from '../locales/sign-in/zh-CN';
import type { Language } from './language';

/** The app in Chinese: antd's and dayjs's locale and the app's texts. */
export const language: Language = {
  antd,
  dayjs: async () => {
    await import('dayjs/locale/zh-cn');
    return 'zh-cn';
  },
  signIn: zhCNSignIn,
  screens: async () => (await import('../locales/zh-CN')).zhCN,
};
