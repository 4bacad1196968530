import { messageEvent, type MessageEvent } from '@drp/domain';
import { z } from 'zod';

/** The PostgreSQL channel every server process listens on for new messages. */
export const MESSAGE_CHANNEL = 'drp_messages';

/**
 * What sendMessage NOTIFYs: who the message is for, never what it says. PostgreSQL caps a payload
 * at 8000 bytes; a message to more receivers than fit says `receivers: null`, and every stream is
 * told to refetch (those not concerned find nothing new).
 */
export const messageNotice = z.object({
  type: messageEvent.shape.type,
  receivers: z.array(z.object({ orgId: z.string(), accountId: z.string().nullable() })).nullable(),
});
export const NOTICE_MAX_BYTES = 7000;
export type MessageNotice = z.infer<typeof messageNotice>;

/** One open event stream: a signed-in person and the organisations they belong to right now. */
export interface StreamSubscriber {
  accountId: string;
  orgIds: ReadonlySet<string>;
  send(event: MessageEvent): void;
  close(): void;
}

/**
 * The open message streams of this process. Every process hears every NOTIFY (LISTEN on the
 * shared database) and tells its own subscribers, so a message sent through one instance reaches
 * browsers connected to any other.
 */
export class MessageHub {
  private readonly subscribers = new Set<StreamSubscriber>();
  /** False while the database connection that listens is lost: streams would miss messages. */
  private live = true;

  get isLive() {
    return this.live;
  }

  add(subscriber: StreamSubscriber) {
    this.subscribers.add(subscriber);
  }

  remove(subscriber: StreamSubscriber) {
    this.subscribers.delete(subscriber);
  }

  get size() {
    return this.subscribers.size;
  }

  deliver(payload: string) {
    let notice: MessageNotice;
    try {
      notice = messageNotice.parse(JSON.parse(payload));
    } catch {
      return;
    }
    for (const subscriber of this.subscribers) {
      if (notice.receivers === null) {
        const [orgId] = subscriber.orgIds;
        if (orgId) subscriber.send({ orgId, type: notice.type });
        continue;
      }
      const receiver = notice.receivers.find(
        (r) =>
          subscriber.orgIds.has(r.orgId) && (r.accountId === null || r.accountId === subscriber.accountId),
      );
      if (receiver) subscriber.send({ orgId: receiver.orgId, type: notice.type });
    }
  }

  /**
   * The listening connection dropped: end every stream so the pages fall back to polling, and
   * refuse new ones until it is back.
   */
  lost() {
    this.live = false;
    this.closeAll();
  }

  restored() {
    this.live = true;
  }

  closeAll() {
    for (const subscriber of [...this.subscribers]) subscriber.close();
    this.subscribers.clear();
  }
}
