import { describe, expect, it } from 'vitest';
import type { MessageEvent } from '@drp/domain';
import { MessageHub, type StreamSubscriber } from './message-hub.js';

function subscriber(accountId: string, orgIds: string[]) {
  const got: MessageEvent[] = [];
  let closed = false;
  const s: StreamSubscriber = {
    accountId,
    orgIds: new Set(orgIds),
    send: (e) => got.push(e),
    close: () => {
      closed = true;
    },
  };
  return { s, got, closed: () => closed };
}

describe('MessageHub', () => {
  it('tells only members of a receiving org, and a personal message only its person', () => {
    const hub = new MessageHub();
    const colleague = subscriber('a1', ['org-1']);
    const reviewer = subscriber('a2', ['org-1']);
    const outsider = subscriber('a3', ['org-2']);
    for (const x of [colleague, reviewer, outsider]) hub.add(x.s);
    hub.deliver(
      JSON.stringify({ type: 'CONSTRUCT_PROJECT_SUBMIT', receivers: [{ orgId: 'org-1', accountId: null }] }),
    );
    hub.deliver(
      JSON.stringify({ type: 'CENSOR_TASKING_SUBMIT', receivers: [{ orgId: 'org-1', accountId: 'a2' }] }),
    );
    expect(colleague.got.map((e) => e.type)).toEqual(['CONSTRUCT_PROJECT_SUBMIT']);
    expect(reviewer.got.map((e) => e.type)).toEqual(['CONSTRUCT_PROJECT_SUBMIT', 'CENSOR_TASKING_SUBMIT']);
    expect(outsider.got).toEqual([]);
  });

  it('tells everyone to refetch when the receivers did not fit in the notification', () => {
    const hub = new MessageHub();
    const one = subscriber('a1', ['org-1']);
    const two = subscriber('a2', ['org-2']);
    hub.add(one.s);
    hub.add(two.s);
    hub.deliver(JSON.stringify({ type: 'CONSTRUCT_PROJECT_SUBMIT', receivers: null }));
    expect(one.got).toEqual([{ orgId: 'org-1', type: 'CONSTRUCT_PROJECT_SUBMIT' }]);
    expect(two.got).toEqual([{ orgId: 'org-2', type: 'CONSTRUCT_PROJECT_SUBMIT' }]);
  });

  it('ignores a payload it cannot read', () => {
    const hub = new MessageHub();
    const one = subscriber('a1', ['org-1']);
    hub.add(one.s);
    hub.deliver('not json');
    hub.deliver(JSON.stringify({ type: 'NO_SUCH_TYPE', receivers: [] }));
    expect(one.got).toEqual([]);
  });

  it('closes every stream and refuses new ones while notifications are lost', () => {
    const hub = new MessageHub();
    const one = subscriber('a1', ['org-1']);
    hub.add(one.s);
    hub.lost();
    expect(one.closed()).toBe(true);
    expect(hub.isLive).toBe(false);
    expect(hub.size).toBe(0);
    hub.restored();
    expect(hub.isLive).toBe(true);
  });
});
