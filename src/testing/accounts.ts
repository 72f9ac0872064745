/** Delivery e-mails of the dev realm's accounts, for tests. */
export const OWNER = 'desdemona@svc.test';
export const ADMIN = 'iago@svc.test';
export const MODERATOR = 'shiva@svc.test';
export const MEMBER = 'hamlet@svc.test';
export const MEMBER2 = 'othello@svc.test';
export const GUEST = 'polonius@svc.test';
export const NOTIFICATION_BOT = 'notification-bot@svc.test';
