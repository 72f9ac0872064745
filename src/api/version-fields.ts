/** The server's version fields, as GET /server_settings and POST /register both report them. */
import { has } from '../versions/index.js';
import type { AppServices } from './services.js';

/** What a server of the served level reports about its version. */
export interface VersionFields {
  svc_feature_level?: number;
  svc_version: string;
  svc_merge_base?: string;
}

/**
 * svc_feature_level, svc_version and svc_merge_base in that order; servers before feature level 1 did not
 * report a level (clients read its absence as 0), and older ones no merge base.
 */
export function versionFields(services: AppServices): VersionFields {
  return {
    ...(has('feature_level_reported', services.featureLevel) && {
      svc_feature_level: services.featureLevel,
    }),
    svc_version: services.version,
    ...(has('merge_base_reported', services.featureLevel) && { svc_merge_base: services.mergeBase }),
  };
}
