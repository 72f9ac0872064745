/** User group errors (texts from reference E.4 where it has them). */
import { ApiError, bad } from './core.js';
import { has } from '../../versions/index.js';

/** User group error factories. */
export const groupsErrors = {
  invalidUserGroup: () => bad('Invalid user group'),
  groupNameTaken: (name: string) => bad(`User group '${name}' already exists.`),
  groupNameEmpty: () => bad("User group name can't be empty!"),
  groupNameTooLong: () => bad('User group name cannot exceed 100 characters.'),
  groupNamePrefix: (prefix: string) => bad(`User group name cannot start with '${prefix}'.`),
  alreadyMember: (id: number) => bad(`User ${id} is already a member of this group`),
  notMember: (id: number) => bad(`There is no member '${id}' in this user group`),
  alreadySubgroup: (id: number) => bad(`User group ${id} is already a subgroup of this group.`),
  notSubgroup: (id: number) => bad(`User group ${id} is not a subgroup of this group.`),
  subgroupCycle: (id: number) => bad(`User group ${id} is already a supergroup of this group.`),
  nothingToDo: () => bad('Nothing to do. Specify at least one of "add" or "delete".'),
  noNewData: () => bad('No new data supplied'),
  groupDeactivated: () => bad('User group is deactivated.'),
  /** A group some setting uses: its own code with the objections from level 298, plain BAD_REQUEST before. */
  groupInUse: (objections: unknown[], fl: number) =>
    has('group_in_use_code', fl)
      ? new ApiError('CANNOT_DEACTIVATE_GROUP_IN_USE', 'Cannot deactivate user group in use.', 400, {
          objections,
        })
      : bad('Cannot deactivate user group in use.'),
  systemGroupSetting: (setting: string) => bad(`'${setting}' must be a system user group.`),
} as const;
