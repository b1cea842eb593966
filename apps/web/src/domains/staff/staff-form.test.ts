import { describe, expect, it } from 'vitest';
import type { StaffRow } from './queries';
import { statusActions, toCreateBody, toFormValues, toUpdateBody, type StaffFormValues } from './staff-form';

const row: StaffRow = {
  id: 5,
  staffCode: 'SR-BOB',
  muid: 'd0d0d0d0-0000-4000-8000-000000000002',
  username: 'bob',
  name: 'Bob Li',
  customerMcid: 'c0ffee00-0001-4000-8000-000000000002',
  customerName: 'Suzhou',
  roleId: 3,
  roleName: 'operator',
  status: 0,
  ous: [
    { id: 1, name: 'Suzhou plant' },
    { id: 2, name: 'Wuxi plant' },
  ],
  createdAt: '2025-01-01T00:00:00.000Z',
};

describe('staff status actions', () => {
  it('offers the two other statuses', () => {
    expect(statusActions(row, 1)).toEqual([1, 2]);
    expect(statusActions({ ...row, status: 2 }, 1)).toEqual([0, 1]);
  });

  it("offers nothing on one's own staff, or while the acting staff is unknown", () => {
    expect(statusActions(row, 5)).toEqual([]);
    expect(statusActions(row, undefined)).toEqual([]);
  });
});

describe('staff form', () => {
  it('starts an edit with the OUs the acting staff sees, and counts the others', () => {
    const { values, hiddenOuCount } = toFormValues(row, new Set([1, 9]));
    expect(values).toMatchObject({ staffCode: 'SR-BOB', customerMcid: row.customerMcid, roleId: 3, ouIds: [1] });
    expect(hiddenOuCount).toBe(1);
    expect(toFormValues(undefined, new Set()).values).toEqual({ personKind: 'existing', staffCode: '', ouIds: [] });
  });

  const account: StaffFormValues = {
    personKind: 'existing',
    muid: row.muid,
    staffCode: ' SR-NEW ',
    customerMcid: row.customerMcid,
    roleId: 3,
    ouIds: [1, 1, 2],
  };

  it('creates for an existing person by muid only', () => {
    expect(toCreateBody({ ...account, username: 'ignored', password: 'ignored' })).toEqual({
      staffCode: 'SR-NEW',
      customerMcid: row.customerMcid,
      roleId: 3,
      ouIds: [1, 2],
      user: { kind: 'existing', muid: row.muid },
    });
  });

  it('creates a new person with trimmed fields, a lower-case username and empty contacts left out', () => {
    const body = toCreateBody({
      ...account,
      personKind: 'new',
      username: ' New.User ',
      name: ' New User ',
      password: 'secret123',
      passwordAgain: 'secret123',
      phone: ' ',
      email: ' new@example.com ',
    });
    expect(body.user).toEqual({
      kind: 'new',
      username: 'new.user',
      name: 'New User',
      password: 'secret123',
      phone: undefined,
      email: 'new@example.com',
    });
  });

  it('updates code, customer, role and OUs', () => {
    expect(toUpdateBody(5, { ...account, ouIds: undefined })).toEqual({
      id: 5,
      staffCode: 'SR-NEW',
      customerMcid: row.customerMcid,
      roleId: 3,
      ouIds: [],
    });
  });
});
