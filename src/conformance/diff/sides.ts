/** The two sides of a differential run: target, accounts, feature level and aliases of each. */
import { readFileSync } from 'node:fs';
import { AccountsError, parseAccounts, resolveActors, type AccountBook } from '../accounts.js';
import type { Alias } from '../alias.js';
import { fetchMockAccounts } from '../http-target.js';
import type { LoadedScenario } from '../loader.js';
import { devRealmAccounts } from '../mock-target.js';
import { createTarget } from '../create-target.js';
import { UsageError } from '../usage-error.js';
import { readFeatureLevel } from '../runner.js';
import type { Target } from '../target.js';
import { createReferenceMock, isOneRealm, stateControl, type StateControl } from './reference-mock.js';

/** Which side: A is `--target`, B is `--against` (the reference). */
export type SideLabel = 'A' | 'B';

/** A side ready to run scenarios. */
export interface Side {
  label: SideLabel;
  spec: string;
  target: Target;
  accounts: AccountBook;
  featureLevel: number;
  aliases: Alias[];
  /** Each scenario gets a fresh realm (`--target mock`): two runs of a scenario start from the same state. */
  freshRealms: boolean;
  /** Snapshot and restore, where the side offers them (the reference mock, a svc-mock server). */
  state?: StateControl;
}

/** Builds a target from `mock` or a URL; `mockLevel` is the feature level an in-process mock is created at. */
export type MakeTarget = (spec: string, side: SideLabel, mockLevel?: number) => Target | Promise<Target>;

/** How to open one side. */
export interface SideSpec {
  label: SideLabel;
  /** `mock` or a URL; when left out, the `site` of the accounts file, else `mock`. */
  spec?: string;
  accountsFile?: string;
  /** Given with --feature-level / --against-feature-level (else read from GET /server_settings). */
  featureLevel?: number;
  aliases: Alias[];
  makeTarget?: MakeTarget;
  /** `mock` is one realm for the whole run (the reference of a target that keeps its state). */
  oneRealmMock?: boolean;
}

const FLAG: Record<SideLabel, string> = { A: '--target', B: '--against' };

function readAccounts(file: string, flag: string): AccountBook {
  try {
    return parseAccounts(readFileSync(file, 'utf8'));
  } catch (error) {
    const reason = error instanceof AccountsError ? error.message : (error as Error).message;
    throw new UsageError(`${flag} ${file}: ${reason}`);
  }
}

/** Opens a side: its target (a mock at the given feature level for `mock`), accounts and feature level. */
export async function openSide(spec: SideSpec): Promise<Side> {
  const accountsFlag = spec.label === 'A' ? '--accounts' : '--against-accounts';
  const book = spec.accountsFile ? readAccounts(spec.accountsFile, accountsFlag) : undefined;
  const where = spec.spec ?? book?.site ?? 'mock';
  if (where !== 'mock' && !/^https?:\/\//.test(where))
    throw new UsageError(`${FLAG[spec.label]} takes "mock" or an http(s) URL (got "${where}")`);
  const target = spec.makeTarget
    ? await spec.makeTarget(where, spec.label, spec.featureLevel)
    : where === 'mock' && spec.oneRealmMock
      ? await createReferenceMock(spec.featureLevel)
      : await createTarget(where, { featureLevel: spec.featureLevel });
  try {
    const accounts = book ?? (where === 'mock' ? devRealmAccounts() : await fetchMockAccounts(target));
    if (!accounts)
      throw new UsageError(
        `${where} does not list its accounts (GET /svc-mock/accounts); pass ${accountsFlag} FILE`,
      );
    let featureLevel = spec.featureLevel;
    if (featureLevel === undefined) {
      try {
        featureLevel = await readFeatureLevel(target, spec.aliases);
      } catch (error) {
        const levelFlag = spec.label === 'A' ? '--feature-level' : '--against-feature-level';
        throw new UsageError(
          `cannot read the feature level of ${where}: ${(error as Error).message}; pass ${levelFlag} N`,
        );
      }
    }
    const state = stateControl(target);
    return {
      label: spec.label,
      spec: where,
      target,
      accounts,
      featureLevel,
      aliases: spec.aliases,
      freshRealms: !isOneRealm(target),
      ...(state ? { state } : {}),
    };
  } catch (error) {
    await target.close();
    throw error;
  }
}

/** The email of each actor of a scenario on this side (normalised to `{actor.email}` in diffs). */
export function actorEmails(side: Side, loaded: LoadedScenario): Record<string, string> {
  const accounts = resolveActors(loaded.scenario.actors, side.accounts);
  if (typeof accounts === 'string') return {};
  const emails: Record<string, string> = {};
  for (const [actor, account] of Object.entries(accounts)) if (account) emails[actor] = account.email;
  return emails;
}
