import { describe, expect, it } from 'vitest';
import { toFormValues, toRoleBody, type RoleDetail } from './role-form';

const detail: RoleDetail = {
  id: 7,
  name: 'Operator',
  description: 'Runs the site',
  allOus: true,
  permissionCodes: ['p-a', 'p-a.g1'],
  autoSyncCodes: ['p-a'],
  staffCount: 2,
};

describe('role form', () => {
  it('starts empty for a new role, and from the role for an edit', () => {
    expect(toFormValues(undefined)).toEqual({ name: '', description: '', allOus: false, permissions: { checked: [], autoSync: [] } });
    expect(toFormValues(detail)).toEqual({
      name: 'Operator',
      description: 'Runs the site',
      allOus: true,
      permissions: { checked: ['p-a', 'p-a.g1'], autoSync: ['p-a'] },
    });
  });

  it('sends trimmed texts and the tree value as the contract codes', () => {
    const body = toRoleBody({ ...toFormValues(detail), name: '  Operator 2 ', description: ' x ' }, true);
    expect(body).toEqual({
      name: 'Operator 2',
      description: 'x',
      allOus: true,
      permissionCodes: ['p-a', 'p-a.g1'],
      autoSyncCodes: ['p-a'],
    });
  });

  it('leaves allOus out when the acting staff may not set it (the server keeps the role value)', () => {
    expect(toRoleBody(toFormValues(detail), false)).not.toHaveProperty('allOus');
  });

  it('drops repeats, and auto-sync on codes that are not checked', () => {
    const body = toRoleBody({ name: 'R', allOus: false, permissions: { checked: ['p-a', 'p-a'], autoSync: ['p-a', 'p-z', 'p-a'] } }, false);
    expect(body.permissionCodes).toEqual(['p-a']);
    expect(body.autoSyncCodes).toEqual(['p-a']);
    expect(body.description).toBe('');
  });
});
