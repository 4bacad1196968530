import type { ConfigProviderProps } from 'antd';
import type { Messages } from '../locales/zh-CN';
import type { SignInMessages } from '../locales/sign-in/zh-CN';

/** One language of the app: antd's locale, dayjs's, and the app's texts. */
export interface Language {
  antd: ConfigProviderProps['locale'];
  /**
   * Registers the language with dayjs and answers the name dayjs knows it by. Only screens beyond
   * sign-in format dates, so dayjs loads with them.
   */
  dayjs: () => Promise<string>;
  /** The texts of the sign-in page and of what every page shows. */
  signIn: SignInMessages;
  /** The texts of every other screen: a chunk of their own, loaded with the first such screen. */
  screens: () => Promise<Messages>;
}
