import { describe, expect, it } from 'vitest';
import { describeTransports } from '../testing/transports.js';

describeTransports('GET /server_settings', (t) => {
  it('answers without credentials with every documented field', async () => {
    const res = await t().anonymous.get('server_settings');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ result: 'success', msg: '' });
    const expected = [
      'authentication_methods',
      'external_authentication_methods',
      'svc_feature_level',
      'svc_version',
      'svc_merge_base',
      'push_notifications_enabled',
      'is_incompatible',
      'email_auth_enabled',
      'require_email_format_usernames',
      'realm_uri',
      'realm_url',
      'realm_name',
      'realm_icon',
      'realm_description',
      'realm_web_public_access_enabled',
    ];
    for (const key of expected) expect(res.body).toHaveProperty(key);
    expect(Object.keys(res.body.authentication_methods).sort()).toEqual([
      'apple',
      'azuread',
      'dev',
      'email',
      'github',
      'gitlab',
      'google',
      'ldap',
      'openid connect',
      'password',
      'remoteuser',
      'saml',
    ]);
  });

  it('reports the realm and server identity', async () => {
    const { app } = t();
    const res = await t().anonymous.get('server_settings');
    expect(res.body.svc_feature_level).toBe(app.services.featureLevel);
    expect(res.body.realm_name).toBe(app.store.state.realm.name);
    expect(res.body.realm_url).toBe(app.store.state.realm.url);
    expect(res.body.realm_uri).toBe(res.body.realm_url);
    expect(res.body.realm_description).toMatch(/^<p>/);
    expect(res.body.authentication_methods.dev).toBe(true);
    expect(res.body.realm_icon).toMatch(/^http/);
  });

  it('lists unexpected parameters in ignored_parameters_unsupported', async () => {
    const res = await t().anonymous.get('server_settings', { zeta: 1, alpha: 'x' });
    expect(res.status).toBe(200);
    expect(res.body.ignored_parameters_unsupported).toEqual(['alpha', 'zeta']);
  });
});

describeTransports(
  'GET /server_settings on an older feature level',
  (t) => {
    it('reports the configured feature level', async () => {
      const res = await t().anonymous.get('server_settings');
      expect(res.body.svc_feature_level).toBe(300);
    });
  },
  { featureLevel: 300 },
);

describe('omitting ignored_parameters_unsupported', () => {
  it('is absent when every parameter was used', async () => {
    const { createApp } = await import('../api/app.js');
    const { devRealm } = await import('../testing/dev-realm.js');
    const app = createApp({ realm: devRealm() });
    const res = await app.fetch(new Request('http://localhost/api/v1/server_settings'));
    expect(await res.json()).not.toHaveProperty('ignored_parameters_unsupported');
  });
});
