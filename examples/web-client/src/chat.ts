/** The chat screen: channels and topics in a sidebar, the selected topic's messages, a compose box. */
import { ApiError, type ApiClient } from './api.js';
import { byId, h } from './dom.js';
import { EventLoop, type Registration, type ServerEvent, type Subscription } from './events.js';

interface Reaction {
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
  user_id: number;
}

interface Message {
  id: number;
  sender_id: number;
  sender_full_name: string;
  stream_id?: number;
  subject: string;
  content: string;
  timestamp: number;
  last_edit_timestamp?: number;
  reactions: Reaction[];
}

interface Topic {
  name: string;
  max_id: number;
}

/** The reaction the React button toggles. */
const THUMBS_UP = { emoji_name: '+1', emoji_code: '1f44d' };

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Runs the chat for one account until the page closes. */
export class Chat {
  private me = { user_id: 0, full_name: '' };
  private channels: Subscription[] = [];
  private topics = new Map<number, Topic[]>();
  private unread = new Map<string, number>();
  private streamId: number | undefined;
  private topic: string | undefined;
  private messages: Message[] = [];
  private registrations = 0;
  private readonly loop: EventLoop;

  constructor(private readonly api: ApiClient) {
    this.loop = new EventLoop(api, {
      registered: (registration, again) => this.registered(registration, again),
      events: (events) => events.forEach((event) => this.apply(event)),
      status: (text, state) => {
        const status = byId('status');
        status.textContent = text;
        status.dataset.state = state;
      },
    });
  }

  /** Loads who we are, registers and shows the first channel. */
  async start(): Promise<void> {
    const [me, settings] = await Promise.all([
      this.api.get<{ user_id: number; full_name: string }>('/users/me'),
      this.api.get<{ realm_name: string }>('/server_settings'),
    ]);
    this.me = me;
    byId('realm-name').textContent = settings.realm_name;
    byId('me').textContent = `${me.full_name} (${this.api.email ?? ''})`;
    byId('compose').addEventListener('submit', (event) => {
      event.preventDefault();
      void this.send();
    });
    byId<HTMLTextAreaElement>('compose-content').addEventListener('keydown', (event) => {
      // Enter sends, Shift+Enter starts a new line.
      if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        byId<HTMLFormElement>('compose').requestSubmit();
      }
    });
    await this.loop.start();
  }

  private async registered(registration: Registration, again: boolean): Promise<void> {
    this.registrations += 1;
    document.body.dataset.registrations = String(this.registrations);
    this.channels = [...registration.subscriptions].sort((a, b) => a.name.localeCompare(b.name));
    this.topics.clear();
    this.unread.clear();
    const keep = again && this.channels.some((c) => c.stream_id === this.streamId);
    await this.select(keep ? this.streamId : this.channels[0]?.stream_id, keep ? this.topic : undefined);
  }

  /** Shows a channel's topics and one topic's messages (the newest topic when none is given). */
  private async select(streamId: number | undefined, topic?: string): Promise<void> {
    this.streamId = streamId;
    if (streamId === undefined) {
      this.topic = undefined;
      this.messages = [];
      this.render();
      return;
    }
    const { topics } = await this.api.get<{ topics: Topic[] }>(`/users/me/${streamId}/topics`);
    this.topics.set(streamId, topics);
    this.topic = topic ?? topics[0]?.name;
    this.unread.delete(`${streamId}\n${this.topic}`);
    this.messages = [];
    if (this.topic !== undefined) {
      const answer = await this.api.get<{ messages: Message[] }>('/messages', {
        anchor: 'newest',
        num_before: 50,
        num_after: 0,
        apply_markdown: true,
        narrow: [
          { operator: 'channel', operand: streamId },
          { operator: 'topic', operand: this.topic },
        ],
      });
      this.messages = answer.messages;
    }
    this.render();
  }

  private apply(event: ServerEvent): void {
    switch (event.type) {
      case 'message':
        return this.received(event.message as Message);
      case 'reaction':
        return this.reacted(event as unknown as Reaction & { op: 'add' | 'remove'; message_id: number });
      case 'update_message':
        return this.updated(event);
      case 'delete_message': {
        const ids = (event.message_ids as number[] | undefined) ?? [event.message_id as number];
        this.messages = this.messages.filter((m) => !ids.includes(m.id));
        return this.renderMessages();
      }
      case 'subscription':
        return this.subscriptionChanged(event);
    }
  }

  private received(message: Message): void {
    if (message.stream_id === undefined) return;
    const topics = this.topics.get(message.stream_id);
    if (topics) {
      const rest = topics.filter((t) => t.name !== message.subject);
      this.topics.set(message.stream_id, [{ name: message.subject, max_id: message.id }, ...rest]);
    }
    if (message.stream_id === this.streamId && message.subject === this.topic) {
      this.messages.push(message);
      this.renderMessages();
    } else {
      const key = `${message.stream_id}\n${message.subject}`;
      this.unread.set(key, (this.unread.get(key) ?? 0) + 1);
    }
    this.renderSidebar();
  }

  private reacted(event: Reaction & { op: 'add' | 'remove'; message_id: number }): void {
    const message = this.messages.find((m) => m.id === event.message_id);
    if (!message) return;
    const same = (r: Reaction): boolean =>
      r.user_id === event.user_id &&
      r.emoji_code === event.emoji_code &&
      r.reaction_type === event.reaction_type;
    message.reactions = message.reactions.filter((r) => !same(r));
    if (event.op === 'add') message.reactions.push(event);
    this.renderMessages();
  }

  private updated(event: ServerEvent): void {
    const ids = (event.message_ids as number[] | undefined) ?? [event.message_id as number];
    if (event.subject !== undefined || event.new_stream_id !== undefined) {
      // Moved messages: simplest correct answer is to reload the view.
      if (this.messages.some((m) => ids.includes(m.id))) void this.select(this.streamId, this.topic);
      return;
    }
    const message = this.messages.find((m) => m.id === event.message_id);
    if (!message || typeof event.rendered_content !== 'string') return;
    message.content = event.rendered_content;
    message.last_edit_timestamp = event.edit_timestamp as number;
    this.renderMessages();
  }

  private subscriptionChanged(event: ServerEvent): void {
    const changed = (event.subscriptions as Subscription[] | undefined) ?? [];
    if (event.op === 'add') this.channels = [...this.channels, ...changed];
    if (event.op === 'remove')
      this.channels = this.channels.filter((c) => !changed.some((r) => r.stream_id === c.stream_id));
    this.channels.sort((a, b) => a.name.localeCompare(b.name));
    if (event.op === 'remove' && changed.some((c) => c.stream_id === this.streamId))
      void this.select(this.channels[0]?.stream_id);
    else this.renderSidebar();
  }

  private async send(): Promise<void> {
    const topicInput = byId<HTMLInputElement>('compose-topic');
    const content = byId<HTMLTextAreaElement>('compose-content');
    const error = byId('compose-error');
    if (this.streamId === undefined || !content.value.trim()) return;
    error.textContent = '';
    try {
      await this.api.post('/messages', {
        type: 'channel',
        to: this.streamId,
        topic: topicInput.value.trim() || this.topic || 'general chat',
        content: content.value,
      });
      // The message is shown when its event arrives through GET /events, as in any real client.
      content.value = '';
      const topic = topicInput.value.trim();
      if (topic && topic !== this.topic) await this.select(this.streamId, topic);
    } catch (failure) {
      error.textContent = failure instanceof ApiError ? failure.message : String(failure);
    }
  }

  private async toggleThumbsUp(message: Message): Promise<void> {
    const mine = message.reactions.some(
      (r) => r.user_id === this.me.user_id && r.emoji_code === THUMBS_UP.emoji_code,
    );
    const params = { ...THUMBS_UP, reaction_type: 'unicode_emoji' };
    if (mine) await this.api.delete(`/messages/${message.id}/reactions`, params);
    else await this.api.post(`/messages/${message.id}/reactions`, params);
  }

  private async edit(message: Message, item: HTMLElement): Promise<void> {
    const raw = await this.api.get<{ message: { content: string } }>(`/messages/${message.id}`, {
      apply_markdown: false,
    });
    const field = h('textarea', { id: `edit-${message.id}`, rows: 3 });
    field.value = raw.message.content;
    const cancel = (): void => this.renderMessages();
    const form = h(
      'form',
      {
        class: 'edit',
        onsubmit: (event) => {
          event.preventDefault();
          void this.api.patch(`/messages/${message.id}`, { content: field.value }).catch(cancel);
        },
      },
      h('label', { for: field.id }, 'Edit message'),
      field,
      h(
        'div',
        { class: 'row' },
        h('button', { type: 'submit' }, 'Save'),
        h('button', { type: 'button', onclick: cancel }, 'Cancel'),
      ),
    );
    field.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') cancel();
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) form.requestSubmit();
    });
    item.querySelector('.content')?.replaceWith(form);
    field.focus();
  }

  private render(): void {
    this.renderSidebar();
    this.renderMessages();
    const channel = this.channels.find((c) => c.stream_id === this.streamId);
    byId('view-title').textContent = channel
      ? `#${channel.name} › ${this.topic ?? '(no topics yet)'}`
      : 'No channels';
    byId<HTMLInputElement>('compose-topic').value = this.topic ?? '';
  }

  private renderSidebar(): void {
    const list = this.channels.map((channel) => {
      const selected = channel.stream_id === this.streamId;
      const topics = selected ? (this.topics.get(channel.stream_id) ?? []) : [];
      return h(
        'li',
        {},
        h(
          'button',
          {
            class: 'channel',
            'aria-current': selected ? 'true' : undefined,
            'aria-expanded': selected ? 'true' : 'false',
            style: `--channel-color: ${channel.color}`,
            onclick: () => void this.select(channel.stream_id),
          },
          `# ${channel.name}`,
        ),
        selected &&
          h(
            'ul',
            { class: 'topics', 'aria-label': `Topics in ${channel.name}` },
            ...topics.map((topic) => {
              const unread = this.unread.get(`${channel.stream_id}\n${topic.name}`);
              return h(
                'li',
                {},
                h(
                  'button',
                  {
                    class: 'topic',
                    'aria-current': topic.name === this.topic ? 'true' : undefined,
                    onclick: () => void this.select(channel.stream_id, topic.name),
                  },
                  topic.name || '(no topic)',
                  unread
                    ? h('span', { class: 'badge', 'aria-label': `${unread} new` }, String(unread))
                    : null,
                ),
              );
            }),
          ),
      );
    });
    byId('channels').replaceChildren(...list);
  }

  private renderMessages(): void {
    const items = this.messages.map((message) => {
      const item = h('li', { class: 'message', 'data-id': message.id });
      // Reactions by emoji, shown by name (`:+1: 2`): readable without an emoji font.
      const counts = new Map<string, { name: string; users: number[] }>();
      for (const r of message.reactions) {
        const entry = counts.get(r.emoji_code) ?? { name: r.emoji_name, users: [] };
        entry.users.push(r.user_id);
        counts.set(r.emoji_code, entry);
      }
      const content = h('div', { class: 'content' });
      // Rendered HTML as the server sends it (a production client would sanitise it first).
      content.innerHTML = message.content;
      item.append(
        h(
          'header',
          {},
          h('strong', {}, message.sender_full_name),
          h(
            'time',
            { datetime: new Date(message.timestamp * 1000).toISOString() },
            timeFormat.format(message.timestamp * 1000),
          ),
          message.last_edit_timestamp ? h('span', { class: 'edited' }, '(edited)') : null,
        ),
        content,
        h(
          'div',
          { class: 'actions' },
          ...[...counts.values()].map((r) =>
            h(
              'span',
              {
                class: r.users.includes(this.me.user_id) ? 'reaction mine' : 'reaction',
                title: `:${r.name}:${r.users.includes(this.me.user_id) ? ' (you reacted)' : ''}`,
              },
              `:${r.name}: ${r.users.length}`,
            ),
          ),
          h(
            'button',
            {
              type: 'button',
              'aria-label': `React with thumbs up to ${message.sender_full_name}'s message`,
              onclick: () => void this.toggleThumbsUp(message),
            },
            'React :+1:',
          ),
          message.sender_id === this.me.user_id
            ? h('button', { type: 'button', onclick: () => void this.edit(message, item) }, 'Edit')
            : null,
        ),
      );
      return item;
    });
    const list = byId('messages');
    const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    list.replaceChildren(...items);
    if (!items.length) list.append(h('li', { class: 'empty' }, 'No messages in this topic yet.'));
    if (atBottom) list.scrollTop = list.scrollHeight;
  }
}
