/** GET /messages/{id}/history: the message's states, oldest first, rebuilt from its edit history. */
import { displayTopic } from '../topics.js';
import type { MessageRecord, RealmState } from '../state.js';
import { editHistoryPolicy } from './edit-history.js';

/** One entry of message_history. */
export interface HistoryEntry {
  topic: string;
  timestamp: number;
  user_id: number | null;
  content: string;
  rendered_content: string;
  prev_content?: string;
  prev_rendered_content?: string;
  prev_topic?: string;
  stream?: number;
  prev_stream?: number;
}

/** The message's history oldest first (the original first); with the 'moves' policy content edits are hidden. */
export function messageHistory(
  state: RealmState,
  message: MessageRecord,
  allowEmptyTopicName: boolean,
): HistoryEntry[] {
  const movesOnly = editHistoryPolicy(state) === 'moves';
  const show = (topic: string): string => displayTopic(state, topic, allowEmptyTopicName);
  let content = message.content;
  let rendered = message.rendered_content;
  let topic = message.topic;
  const newestFirst: HistoryEntry[] = [];
  for (const edit of message.edit_history) {
    const isMove = edit.prev_topic !== undefined || edit.prev_stream !== undefined;
    if (!movesOnly || isMove) {
      const entry: HistoryEntry = {
        topic: show(topic),
        timestamp: edit.timestamp,
        user_id: edit.user_id,
        content: movesOnly ? message.content : content,
        rendered_content: movesOnly ? message.rendered_content : rendered,
      };
      if (!movesOnly && edit.prev_content !== undefined) {
        entry.prev_content = edit.prev_content;
        entry.prev_rendered_content = edit.prev_rendered_content ?? '';
      }
      if (edit.prev_topic !== undefined) entry.prev_topic = show(edit.prev_topic);
      if (edit.prev_stream !== undefined)
        Object.assign(entry, { prev_stream: edit.prev_stream, stream: edit.stream });
      newestFirst.push(entry);
    }
    if (edit.prev_content !== undefined) {
      content = edit.prev_content;
      rendered = edit.prev_rendered_content ?? rendered;
    }
    if (edit.prev_topic !== undefined) topic = edit.prev_topic;
  }
  newestFirst.push({
    topic: show(topic),
    timestamp: message.timestamp,
    user_id: message.sender_id,
    content: movesOnly ? message.content : content,
    rendered_content: movesOnly ? message.rendered_content : rendered,
  });
  return newestFirst.reverse();
}
