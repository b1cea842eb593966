import { useMemo, useState } from 'react';
import { Alert, App as AntApp, Button, Flex, Modal, Table, Tag, Transfer, Typography } from 'antd';
import { ou } from '@energy/contracts/refs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../../shared/current-staff';
import { api } from '../../../shared/api/client';
import { NOT_CLOSED_BY_MASK, SaveFooter } from '../../../shared/form-dialog';
import { MODAL_WIDTH } from '../../../shared/modal';
import { DOMAIN_KEYS } from '../../../shared/query-keys';
import { ouKeys, useAllStaff, type OuRow } from '../queries';
import '../texts';

interface StaffItem {
  key: string;
  staffCode: string;
  name: string;
  username: string;
  status: number;
}

/** A staff status's tag colour, as the shell's staff selection shows it (with its `staff.status<n>` texts). */
const statusColor = (status: number) => (status === 1 ? 'default' : status === 2 ? 'blue' : 'green');

/**
 * The members of an OU (width 800). With b-ou-edit and the staff page, a Transfer between the tenant's
 * staff and the members sets them; otherwise the members are listed.
 */
export function OuMembersDialog({ row, onClose }: { row: OuRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const mayEdit = useHasPermission('b-ou-edit');
  const seesStaff = useHasPermission('p-settings-staff');
  const canEdit = mayEdit && seesStaff;
  const members = useQuery({ queryKey: ouKeys.members(row.id), queryFn: () => api(ou.ouMembers, { id: row.id }) });
  const staff = useAllStaff(canEdit);
  const [chosen, setChosen] = useState<string[] | null>(null);
  const targetKeys = chosen ?? (members.data ?? []).map((m) => String(m.staffId));

  const items = useMemo<StaffItem[]>(() => {
    const list: StaffItem[] = (staff.data ?? []).map((s) => ({
      key: String(s.id),
      staffCode: s.staffCode,
      name: s.name,
      username: s.username,
      status: s.status,
    }));
    const known = new Set(list.map((s) => s.key));
    for (const m of members.data ?? [])
      if (!known.has(String(m.staffId)))
        list.push({ key: String(m.staffId), staffCode: m.staffCode, name: m.name, username: m.username, status: m.status });
    return list;
  }, [staff.data, members.data]);

  const statusTag = (status: number) => (status === 0 ? null : <Tag color={statusColor(status)}>{t(`staff.status${status}`)}</Tag>);

  const save = async () => {
    await api(ou.ouMembersUpdate, { id: row.id, staffIds: targetKeys.map(Number) });
    void message.success(t('ou.membersDialog.saved', { code: row.code }));
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ouKeys.all }),
      queryClient.invalidateQueries({ queryKey: DOMAIN_KEYS.organization.all }),
    ]);
    onClose();
  };

  return (
    <Modal
      open
      width={MODAL_WIDTH.large}
      title={t('ou.membersDialog.title', { code: row.code, name: row.name })}
      onCancel={onClose}
      mask={NOT_CLOSED_BY_MASK}
      destroyOnHidden
      footer={
        canEdit ? (
          <SaveFooter onCancel={onClose} onSave={save} saveDisabled={members.isPending} saveTestId="ou-members-submit" />
        ) : (
          <Button onClick={onClose}>{t('common.ok')}</Button>
        )
      }
      data-testid="ou-members-dialog"
    >
      {canEdit ? (
        <Transfer<StaffItem>
          dataSource={items}
          targetKeys={targetKeys}
          onChange={(keys) => setChosen(keys.map(String))}
          titles={[t('ou.membersDialog.staff'), t('ou.membersDialog.chosen')]}
          showSearch={{ placeholder: t('ou.membersDialog.search') }}
          filterOption={(input, item) =>
            [item.staffCode, item.name, item.username].some((v) => v.toLowerCase().includes(input.trim().toLowerCase()))
          }
          render={(item) => (
            <Flex gap={6} align="center" title={`${item.staffCode} · ${item.name} (${item.username})`}>
              <span>
                {item.staffCode} · {item.name}
              </span>
              <Typography.Text type="secondary">({item.username})</Typography.Text>
              {statusTag(item.status)}
            </Flex>
          )}
          styles={{ section: { width: 350, height: 420 } }}
          status={staff.isError ? 'error' : undefined}
          data-testid="ou-members-transfer"
        />
      ) : (
        <>
          <Alert type="info" showIcon title={t('ou.membersDialog.readOnly')} style={{ marginBottom: 12 }} />
          <Table
            rowKey="staffId"
            size="small"
            loading={members.isPending}
            dataSource={members.data ?? []}
            pagination={false}
            scroll={{ y: 360 }}
            locale={{ emptyText: t('ou.membersDialog.empty') }}
            columns={[
              { key: 'code', title: t('ou.membersDialog.staffCode'), dataIndex: 'staffCode', width: 160 },
              { key: 'name', title: t('ou.membersDialog.person'), dataIndex: 'name' },
              { key: 'username', title: t('ou.membersDialog.username'), dataIndex: 'username', width: 180 },
              {
                key: 'status',
                title: t('ou.membersDialog.status'),
                dataIndex: 'status',
                width: 110,
                render: (s: number) => <Tag color={statusColor(s)}>{t(`staff.status${s}`)}</Tag>,
              },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
