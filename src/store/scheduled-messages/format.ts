/** The scheduled message object of GET /scheduled_messages and scheduled_messages events. */
import { directRecipients } from '../drafts/drafts.js';
import { renderContent } from '../render.js';
import type { RealmState, ScheduledMessageRecord } from '../state.js';

/** A scheduled message as GET /scheduled_messages and events show it. */
export interface ScheduledMessageView {
  scheduled_message_id: number;
  type: 'stream' | 'private';
  to: number | number[];
  topic?: string;
  content: string;
  rendered_content: string;
  scheduled_delivery_timestamp: number;
  failed: boolean;
}

/** The API shape: a channel ID, or the other participants of a direct message. */
export function formatScheduledMessage(
  state: RealmState,
  record: ScheduledMessageRecord,
): ScheduledMessageView {
  const view: ScheduledMessageView = {
    scheduled_message_id: record.scheduled_message_id,
    type: record.type,
    to: record.type === 'stream' ? record.to : directRecipients(record.to as number[], record.sender_id),
    content: record.content,
    rendered_content: renderContent(state, record.content).html,
    scheduled_delivery_timestamp: record.scheduled_delivery_timestamp,
    failed: record.failed,
  };
  if (record.type === 'stream') view.topic = record.topic;
  return view;
}
