/** Navigation views: per-user sidebar entries keyed by URL fragment, with navigation_view events to their owner. */
import type { NavigationViewRecord, RealmState, UserRecord } from '../state.js';
import type { Store } from '../store.js';

/** Fragments of the views every client has built in: they take settings (is_pinned) but never a name. */
export const BUILT_IN_VIEW_FRAGMENTS: readonly string[] = [
  'inbox',
  'recent',
  'feed',
  'drafts',
  'narrow/has/reaction/sender/me',
  'narrow/is/mentioned',
  'narrow/is/starred',
  'scheduled',
];

/** A view as the API shows it (a copy, so callers cannot change the record). */
export function formatNavigationView(view: NavigationViewRecord): NavigationViewRecord {
  return { fragment: view.fragment, is_pinned: view.is_pinned, name: view.name };
}

/** The user's views in creation order. */
export function userNavigationViews(state: RealmState, userId: number): NavigationViewRecord[] {
  return state.navigationViews.get(userId) ?? [];
}

/** The user's view with this fragment. */
export function findNavigationView(
  state: RealmState,
  userId: number,
  fragment: string,
): NavigationViewRecord | undefined {
  return userNavigationViews(state, userId).find((v) => v.fragment === fragment);
}

/** Whether one of the user's views already carries this name. */
export function navigationViewNameTaken(state: RealmState, userId: number, name: string): boolean {
  return userNavigationViews(state, userId).some((v) => v.name === name);
}

/** Adds a view (already checked) and emits navigation_view/add to its owner. */
export function addNavigationView(store: Store, user: UserRecord, view: NavigationViewRecord): void {
  const record = formatNavigationView(view);
  const mine = store.state.navigationViews.get(user.user_id);
  if (mine) mine.push(record);
  else store.state.navigationViews.set(user.user_id, [record]);
  store.emit([user.user_id], {
    type: 'navigation_view',
    op: 'add',
    navigation_view: formatNavigationView(record),
  });
}

/** Changes a view's name and/or pin and emits navigation_view/update with the fields given (possibly none). */
export function updateNavigationView(
  store: Store,
  userId: number,
  view: NavigationViewRecord,
  changes: { name?: string; is_pinned?: boolean },
): void {
  const data: { name?: string; is_pinned?: boolean } = {};
  if (changes.name !== undefined) view.name = data.name = changes.name;
  if (changes.is_pinned !== undefined) view.is_pinned = data.is_pinned = changes.is_pinned;
  store.emit([userId], { type: 'navigation_view', op: 'update', fragment: view.fragment, data });
}

/** Removes a view and emits navigation_view/remove. */
export function removeNavigationView(store: Store, userId: number, fragment: string): void {
  const rest = userNavigationViews(store.state, userId).filter((v) => v.fragment !== fragment);
  if (rest.length === 0) store.state.navigationViews.delete(userId);
  else store.state.navigationViews.set(userId, rest);
  store.emit([userId], { type: 'navigation_view', op: 'remove', fragment });
}
