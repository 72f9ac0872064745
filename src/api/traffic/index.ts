/** Latency, injected failures and rate limits (browser-safe: no node modules). */
export {
  createTraffic,
  type Traffic,
  type TrafficOptions,
  type TrafficPatch,
  type TrafficRequest,
  type TrafficVerdict,
} from './traffic.js';
export {
  FAIL_KINDS,
  parseFailKinds,
  parseFailRate,
  parseLatency,
  parseRateRule,
  DEFAULT_USER_RATE,
  DEFAULT_IP_RATE,
  PASSWORD_ATTEMPT_RATE,
  wireSettings,
  type FailKind,
  type LatencyRange,
  type RateRule,
  type TrafficRule,
  type TrafficSettings,
} from './settings.js';
