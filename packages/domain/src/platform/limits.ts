/** Business constants of spec §9 and the platform's own bounds. */
export const LIMITS = {
  /** To-do messages refresh interval for apply, submit and audit users. */
  messageRefreshMs: 600_000,
  guardMessageMs: 2_000,
  defaultPageSize: 5,
  defaultPage: 0,
  messageFetchSize: -1,
  requestTimeoutMs: 120_000,
  /**
   * While the live message stream is down the popover polls this often instead of every
   * messageRefreshMs, and tries the stream again.
   */
  messageFallbackPollMs: 15_000,
  /** The server writes a keep-alive on the message stream this often and checks the session. */
  messageStreamHeartbeatMs: 25_000,
  messagePopoverWidth: 315,
  scrollWheelPadding: 15,
  usernameMaxLength: 64,
  passwordMaxLength: 128,
  /** One-time authorization codes live at most this long. */
  authorizationCodeTtlSeconds: 600,
  /** Consecutive failures before an account locks, and for how long. */
  lockoutThreshold: 5,
  lockoutMinutes: 10,
  /** Sign-ins per minute from one address: an office behind one NAT stays well below. */
  loginRateLimitPerMinute: 100,
  /** One attachment of an application (permits, contracts): scanned multi-page PDFs fit. */
  projectDocMaxBytes: 50 * 1024 * 1024,
} as const;

export const SESSION_STORAGE_KEYS = {
  token: 'drp.token',
  currentOrgId: 'drp.currentOrgId',
  returnUrl: 'drp.returnUrl',
  pkceVerifier: 'drp.pkceVerifier',
} as const;

export const LOCAL_STORAGE_KEYS = {
  sidebarOpen: 'sidebarStatus',
  locale: 'drp.locale',
} as const;

/**
 * Header marking a request the page made by itself (the to-do refresh, the message stream): it
 * does not count as activity, so an unattended tab still reaches the idle timeout.
 */
export const BACKGROUND_HEADER = 'x-drp-background';

/** Header naming the organisation the caller acts for, when the path does not. */
export const ORG_HEADER = 'x-org-id';

/** The web app's OAuth client: public, so PKCE, and no secret. */
export const WEB_CLIENT_ID = 'drp-web';
export const WEB_REDIRECT_PATH = '/sys_sso/callback';
