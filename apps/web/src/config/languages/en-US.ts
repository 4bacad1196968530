import antd from 'antd/es/locale/en_US';
import { enUSSignIn } from '../locales/sign-in/en-US';
import type { Language } from './language';

/** The app in English: antd's and dayjs's locale (`en` is built into dayjs) and the app's texts. */
export const language: Language = {
  antd,
  dayjs: async () => 'en',
  signIn: enUSSignIn,
  screens: async () => (await import('../locales/en-US')).enUS,
};
