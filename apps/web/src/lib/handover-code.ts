/**
 * A `?token=` link carries a one-time hand-over code, never a session token. The entry
 * (main.tsx) takes it out of the address bar before the first request, so it is neither kept in
 * history nor sent anywhere; the app then asks before replacing a session and exchanges the code
 * by POST (features/auth, HandoverGate). No imports: the entry chunk stays small.
 */
let handoverCode: string | null = null;

export function takeHandoverCodeFromUrl() {
  const url = new URL(window.location.href);
  const code = url.searchParams.get('token');
  if (code === null) return;
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  handoverCode = code;
}

/** The code taken from the address, until it has been exchanged or declined. */
export const pendingHandoverCode = () => handoverCode;

export function settleHandover() {
  handoverCode = null;
}
