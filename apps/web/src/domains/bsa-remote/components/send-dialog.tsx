import { useMemo, useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, InputNumber, Modal, Result, Select, Spin } from 'antd';
import { bsaRemote } from '@energy/contracts/refs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { ConfirmButton } from '../../../shared/confirm-button';
import { NOT_CLOSED_BY_MASK } from '../../../shared/form-dialog';
import { MODAL_WIDTH } from '../../../shared/modal';
import { newRequestId, remoteKeys, useRemoteStations, type CommandRow, type LogRow } from '../queries';
import { RemoteStatusTag, valueText } from './status-tag';
import '../texts';

/** How often the dialog asks the log for the device's answer while a command is pending. */
export const REMOTE_POLL_MS = 1000;

const RESULT_STATUS = { acknowledged: 'success', refused: 'error', timeout: 'warning', pending: 'info' } as const;

/**
 * Sends a command: pick the station and the device, enter the value within the range the device allows
 * (the catalogue's, bounded by the PCS's rating), the operation password, then follow the log line until the
 * device acknowledges, refuses or times out. One idempotency id per dialog: pressing Send again after a
 * network failure resends the same id, which the server answers with the first record and never executes twice.
 * Test ids: `remote-send-dialog`, `remote-send-station`, `remote-send-device`, `remote-send-value`,
 * `remote-send-password`, `remote-send-submit`, `remote-send-status` (`data-status`).
 */
export function SendDialog({ command, onClose }: { command: CommandRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [bsaId, setBsaId] = useState<number>();
  const [deviceId, setDeviceId] = useState<number>();
  const [value, setValue] = useState<number | null>(null);
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<'password' | 'value' | null>(null);
  const [sent, setSent] = useState<LogRow | null>(null);
  const requestId = useMemo(() => (command ? newRequestId() : ''), [command]);
  const stations = useRemoteStations();

  const devices = useQuery({
    queryKey: [...remoteKeys.all, 'devices', command?.id, bsaId],
    queryFn: () => api(bsaRemote.commandDeviceList, { commandId: command!.id, bsaId }),
    enabled: command !== null && bsaId !== undefined,
  });
  const target = useQuery({
    queryKey: [...remoteKeys.all, 'device', command?.id, deviceId],
    queryFn: () => api(bsaRemote.commandGetDevice, { commandId: command!.id, deviceId: deviceId! }),
    enabled: command !== null && deviceId !== undefined,
  });
  const follow = useQuery({
    queryKey: [...remoteKeys.log, 'follow', sent?.id],
    queryFn: async () => (await api(bsaRemote.logPage, { requestId: sent!.requestId, pageSize: 10, pageOffset: 1 })).list[0] ?? sent!,
    enabled: sent !== null && sent.status === 'pending',
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'pending' ? false : REMOTE_POLL_MS),
  });
  const row = follow.data ?? sent;
  const settled = row !== null && row.status !== 'pending';
  const needsValue = command?.action === 'set-power' || command?.action === 'mode';
  const range = target.data?.range;

  const close = () => {
    setBsaId(undefined);
    setDeviceId(undefined);
    setValue(null);
    setPassword('');
    setMissing(null);
    setSent(null);
    if (sent) void queryClient.invalidateQueries({ queryKey: remoteKeys.all });
    onClose();
  };

  const send = async () => {
    if (!command || deviceId === undefined) return;
    if (needsValue && value === null) return setMissing('value');
    if (!password) return setMissing('password');
    const answer = await api(bsaRemote.commandSend, {
      requestId,
      commandId: command.id,
      deviceId,
      value: needsValue ? value : null,
      operationPassword: password,
    });
    setPassword('');
    setSent(answer);
  };

  return (
    <Modal
      open={command !== null}
      title={command ? t('bsaRemote.dialog.title', { name: command.name }) : null}
      width={MODAL_WIDTH.normal}
      mask={NOT_CLOSED_BY_MASK}
      onCancel={close}
      destroyOnHidden
      footer={
        row ? (
          <Button onClick={close} data-testid="remote-send-close">
            {t('bsaRemote.dialog.close')}
          </Button>
        ) : (
          <>
            <Button onClick={close}>{t('common.cancel')}</Button>
            <ConfirmButton
              type="primary"
              danger
              disabled={deviceId === undefined || !!target.data?.blocked}
              onClick={send}
              data-testid="remote-send-submit"
            >
              {t('bsaRemote.dialog.submit')}
            </ConfirmButton>
          </>
        )
      }
    >
      <div data-testid="remote-send-dialog">
        {row ? (
          <>
            <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
              <Descriptions.Item label={t('bsaRemote.dialog.station')}>{row.bsaName}</Descriptions.Item>
              <Descriptions.Item label={t('bsaRemote.dialog.device')}>{row.deviceCode}</Descriptions.Item>
              <Descriptions.Item label={t('bsaRemote.dialog.value')}>{valueText(row)}</Descriptions.Item>
              <Descriptions.Item label={t('bsaRemote.log.status')}>
                <RemoteStatusTag status={row.status} testId="remote-send-status" />
              </Descriptions.Item>
            </Descriptions>
            {settled ? (
              <Result
                status={RESULT_STATUS[row.status]}
                title={t(`bsaRemote.statuses.${row.status}`)}
                subTitle={row.reason ? `${t('bsaRemote.dialog.reason')}: ${row.reason}` : undefined}
              />
            ) : (
              <Spin>
                <Alert type="info" showIcon title={t('bsaRemote.statuses.pending')} />
              </Spin>
            )}
          </>
        ) : (
          <>
            <Alert type="warning" showIcon title={t('bsaRemote.dialog.hint')} style={{ marginBottom: 12 }} />
            <Form layout="vertical" component="div">
              <Form.Item label={t('bsaRemote.dialog.station')} required>
                <Select
                  data-testid="remote-send-station"
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={stations.isPending}
                  value={bsaId}
                  onChange={(v: number) => {
                    setBsaId(v);
                    setDeviceId(undefined);
                  }}
                  options={(stations.data ?? [])
                    .filter((s) => (command?.deviceType === 'fcs' ? s.fcs : s.pcs > 0))
                    .map((s) => ({ value: s.id, label: `${s.name} (${s.code})` }))}
                />
              </Form.Item>
              <Form.Item label={t('bsaRemote.dialog.device')} required>
                <Select
                  data-testid="remote-send-device"
                  disabled={bsaId === undefined}
                  loading={devices.isFetching}
                  value={deviceId}
                  onChange={(v: number) => setDeviceId(v)}
                  notFoundContent={t('bsaRemote.dialog.noDevice')}
                  options={(devices.data ?? []).map((d) => ({ value: d.deviceId, label: `${d.name} (${d.code})` }))}
                />
              </Form.Item>
              {target.data?.blocked && <Alert type="error" showIcon title={target.data.blocked} style={{ marginBottom: 12 }} />}
              {target.data && !target.data.device.online && (
                <Alert
                  type="warning"
                  showIcon
                  title={t('bsaRemote.dialog.offline', { code: target.data.device.code })}
                  style={{ marginBottom: 12 }}
                />
              )}
              {command?.action === 'set-power' && (
                <Form.Item
                  label={t('bsaRemote.dialog.value')}
                  required
                  extra={range ? <span data-testid="remote-send-range">{t('bsaRemote.dialog.range', range)}</span> : undefined}
                  validateStatus={missing === 'value' ? 'error' : undefined}
                  help={missing === 'value' ? t('bsaRemote.dialog.valueRequired') : undefined}
                >
                  <InputNumber
                    data-testid="remote-send-value"
                    value={value}
                    min={range?.min}
                    max={range?.max}
                    precision={3}
                    addonAfter={range?.unit ?? 'kW'}
                    style={{ width: 220 }}
                    onChange={(v) => {
                      setValue(typeof v === 'number' ? v : null);
                      setMissing(null);
                    }}
                  />
                </Form.Item>
              )}
              {command?.action === 'mode' && (
                <Form.Item
                  label={t('bsaRemote.dialog.value')}
                  required
                  validateStatus={missing === 'value' ? 'error' : undefined}
                  help={missing === 'value' ? t('bsaRemote.dialog.valueRequired') : undefined}
                >
                  <Select
                    data-testid="remote-send-value"
                    value={value ?? undefined}
                    onChange={(v: number) => {
                      setValue(v);
                      setMissing(null);
                    }}
                    options={(command.options ?? []).map((o) => ({ value: o.value, label: `${o.label} (${o.value})` }))}
                  />
                </Form.Item>
              )}
              <Form.Item
                label={t('bsaRemote.dialog.password')}
                required
                validateStatus={missing === 'password' ? 'error' : undefined}
                help={missing === 'password' ? t('bsaRemote.dialog.passwordRequired') : undefined}
              >
                <Input.Password
                  value={password}
                  autoComplete="off"
                  maxLength={64}
                  onChange={(e) => {
                    setPassword(e.target.value);
                    setMissing(null);
                  }}
                  data-testid="remote-send-password"
                />
              </Form.Item>
            </Form>
          </>
        )}
      </div>
    </Modal>
  );
}
