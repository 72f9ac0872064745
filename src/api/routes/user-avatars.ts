/**
 * GET /user_avatars/{realm_id}/{avatar_file}: where uploaded avatars live (the URL avatar_url and
 * GET /avatar/{id} hand out). The mock has no uploads, so it draws one: the user's initials on a colour
 * of their id, as SVG (browsers go by Content-Type, not by the .png in the name).
 */
import type { GetUserAvatarsParams } from '../../generated/types.js';
import { avatarSvg } from '../avatar-svg.js';
import { errors } from '../errors/index.js';
import { definePublicRoute, RawResponse } from '../route.js';

const FILE = /^(\d+)(-medium)?\.png$/;

export const userAvatarRoutes = [
  definePublicRoute<GetUserAvatarsParams>({
    method: 'GET',
    path: '/user_avatars/{realm_id}/{avatar_file}',
    root: true,
    auth: 'none',
    schema: 'get-user-avatars',
    summary: "A user's uploaded avatar (the mock draws an SVG with their initials)",
    handler({ store, params }) {
      const match = FILE.exec(params.avatar_file);
      const user = match ? store.state.users.get(Number(match[1])) : undefined;
      if (!user || params.realm_id !== String(store.state.realm.id)) throw errors.notFound('Not Found');
      return new RawResponse(
        200,
        {
          'Content-Type': 'image/svg+xml',
          // The URL carries ?version=N, which changes with the avatar; names change rarely.
          'Cache-Control': 'public, max-age=86400',
        },
        avatarSvg(user, match![2] ? 500 : 100),
      );
    },
  }),
];
