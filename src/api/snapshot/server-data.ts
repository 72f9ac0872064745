/**
 * Snapshot sections of server and organization data the mock keeps no state for: realm domains, default
 * channel groups, stop words, video-call and GIPHY credentials, and the onboarding steps.
 */
import { has } from '../../versions/index.js';
import type { SnapshotSection } from './context.js';
import { STOP_WORDS } from '../../store/narrow/stop-words.js';
import { devicesOf } from '../../store/devices/devices.js';
import { CALL_PROVIDERS, providerConfigured } from '../../store/video-calls/providers.js';

/** Sections whose values follow from the mock's configuration rather than from realm records. */
export const serverDataSections: SnapshotSection[] = [
  // The realm format has no list of domains (its email_domain names the dummy API e-mails): none.
  { types: ['realm_domains'], build: () => ({ realm_domains: [] }) },
  // Nor default channel groups.
  { types: ['default_stream_groups'], build: () => ({ realm_default_stream_groups: [] }) },
  { types: ['stop_words'], build: () => ({ stop_words: [...STOP_WORDS] }) },
  // No user has connected a Zoom account. A realm using Webex counts as every user having completed its
  // OAuth flow, so calls can be made (has_webex_token from 493; fields.ts drops it below).
  {
    types: ['video_calls'],
    build: ({ store }) => ({
      has_zoom_token: false,
      has_webex_token: providerConfigured(store, CALL_PROVIDERS.webex),
    }),
  },
  // The server has no GIPHY, Tenor (442) or KLIPY (486) key configured.
  { types: ['giphy'], build: () => ({ giphy_api_key: '', tenor_api_key: '', klipy_api_key: '' }) },
  // No reminders are scheduled (the mock has no reminders endpoint), and no sponsorship is pending.
  { types: ['reminders'], build: () => ({ reminders: [] }) },
  {
    types: ['realm_billing'],
    build: () => ({ realm_billing: { has_pending_sponsorship_request: false } }),
  },
  // E2EE push devices (406 to 467): the mock registers none. From 468, the user's client devices.
  {
    types: ['push_device'],
    build: ({ store }) => (has('field_push_devices', store.featureLevel) ? { push_devices: {} } : {}),
  },
  {
    types: ['device'],
    build: ({ store, user }) => ({ devices: user ? devicesOf(store, user.user_id) : {} }),
  },
  // The mock records no onboarding steps (there is no endpoint to mark one seen), so it sends none, as a
  // server with its tutorial turned off does. The section is asked for as hotspots before level 233
  // (fields.ts sends the key under that name there) and as onboarding_steps from then on.
  {
    types: ['onboarding_steps'],
    build: ({ store }) =>
      has('field_onboarding_steps', store.featureLevel)
        ? { onboarding_steps: [], navigation_tour_video_url: null }
        : {},
  },
  {
    types: ['hotspots'],
    build: ({ store }) => (has('field_onboarding_steps', store.featureLevel) ? {} : { onboarding_steps: [] }),
  },
];
