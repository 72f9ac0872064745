/** Per-app settings and services that handlers share: feature level, server identity, event queues. */
import type { Clock } from '../store/clock.js';
import type { QueueRegistry } from '../store/events/queues.js';
import type { MockControl } from './control.js';
import type { RequestLimits } from './limits.js';
import type { Traffic } from './traffic/index.js';
import { NEWEST_FEATURE_LEVEL } from '../versions/index.js';

/** Resolved app options. */
export interface AppServices {
  /** Feature level the mock reports and emulates. */
  featureLevel: number;
  version: string;
  mergeBase: string;
  /** Production servers refuse POST /dev_fetch_api_key. */
  production: boolean;
  clock: Clock;
  /** Reports unexpected exceptions (500s, with the error) and client faults worth a line (error undefined). */
  logError: (message: string, error: unknown) => void;
  /** Registered event queues. */
  queues: QueueRegistry;
  /** Body size, JSON depth, parameter and list-item limits. */
  limits: RequestLimits;
  /** Latency, injected failures and rate limits (GET/PUT /svc-mock/faults), when the app has them. */
  traffic?: Traffic;
  /** The mock-only control surface (createMock with control on); absent otherwise. */
  control?: MockControl;
  /** The server generation after a simulated restart (POST /svc-mock/restart); register says 1 before any. */
  serverGeneration?: number;
}

/** The feature level this mock implements by default: the newest (src/versions). */
export const DEFAULT_FEATURE_LEVEL = NEWEST_FEATURE_LEVEL;
