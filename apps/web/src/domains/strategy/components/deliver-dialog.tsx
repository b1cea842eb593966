import { useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, Modal, Result, Spin } from 'antd';
import { strategy } from '@energy/contracts/refs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { ConfirmButton } from '../../../shared/confirm-button';
import { NOT_CLOSED_BY_MASK } from '../../../shared/form-dialog';
import { MODAL_WIDTH } from '../../../shared/modal';
import { strategyKeys, type DeliveryRow } from '../queries';

/** How often the dialog asks the log for the FCS's answer while a delivery is pending. */
export const DELIVERY_POLL_MS = 1000;

export interface DeliverTarget {
  id: number;
  name: string;
  bsaName: string | null;
}

const RESULT_STATUS = { accepted: 'success', rejected: 'error', timeout: 'warning', pending: 'info' } as const;

/**
 * Delivery from the UI: asks for the operation password, sends `energy-storage-strategy/deliver`, then
 * follows the log row until the FCS accepts or rejects, or the server gives up (timeout). A wrong password
 * is the server's message (the API client shows it) and the dialog stays. Test ids: `deliver-dialog`,
 * `deliver-password`, `deliver-submit`, `deliver-result` (with `data-result`).
 */
export function DeliverDialog({ target, onClose }: { target: DeliverTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [sent, setSent] = useState<DeliveryRow | null>(null);
  const [missing, setMissing] = useState(false);

  const follow = useQuery({
    queryKey: [...strategyKeys.log, 'follow', sent?.id],
    queryFn: async () => {
      const page = await api(strategy.strategyDeliverLog, { strategyId: sent!.strategyId ?? undefined, pageSize: 20, pageOffset: 1 });
      return page.list.find((r) => r.id === sent!.id) ?? sent!;
    },
    enabled: sent !== null && sent.result === 'pending',
    refetchInterval: (q) => (q.state.data && q.state.data.result !== 'pending' ? false : DELIVERY_POLL_MS),
  });
  const row = follow.data ?? sent;
  const settled = row !== null && row.result !== 'pending';

  const close = () => {
    setPassword('');
    setSent(null);
    setMissing(false);
    if (sent) void queryClient.invalidateQueries({ queryKey: strategyKeys.all });
    onClose();
  };

  const send = async () => {
    if (!password) return setMissing(true);
    const delivery = await api(strategy.strategyDeliver, { id: target!.id, operationPassword: password });
    setPassword('');
    setSent(delivery);
  };

  return (
    <Modal
      open={target !== null}
      title={target ? t('strategy.deliverDialog.title', { name: target.name }) : null}
      width={MODAL_WIDTH.small}
      mask={NOT_CLOSED_BY_MASK}
      onCancel={close}
      destroyOnHidden
      footer={
        row ? (
          <Button onClick={close} data-testid="deliver-close">
            {t('strategy.deliverDialog.close')}
          </Button>
        ) : (
          <>
            <Button onClick={close}>{t('common.cancel')}</Button>
            <ConfirmButton type="primary" onClick={send} data-testid="deliver-submit">
              {t('strategy.deliverDialog.send')}
            </ConfirmButton>
          </>
        )
      }
    >
      <div data-testid="deliver-dialog">
        {target && (
          <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
            <Descriptions.Item label={t('strategy.deliverDialog.station')}>{target.bsaName ?? '-'}</Descriptions.Item>
          </Descriptions>
        )}
        {row ? (
          <div data-testid="deliver-result" data-result={row.result}>
            {settled ? (
              <Result
                status={RESULT_STATUS[row.result]}
                title={t(`strategy.deliverDialog.result.${row.result}`)}
                subTitle={row.reason ? `${t('strategy.deliverDialog.reason')}: ${row.reason}` : undefined}
              />
            ) : (
              <Spin>
                <Alert type="info" showIcon title={t('strategy.deliverDialog.result.pending')} />
              </Spin>
            )}
          </div>
        ) : (
          <>
            <Alert type="info" showIcon title={t('strategy.deliverDialog.hint')} style={{ marginBottom: 12 }} />
            <Form layout="vertical" component="div">
              <Form.Item
                label={t('strategy.deliverDialog.password')}
                required
                validateStatus={missing ? 'error' : undefined}
                help={missing ? t('strategy.deliverDialog.passwordRequired') : undefined}
              >
                <Input.Password
                  value={password}
                  autoComplete="off"
                  maxLength={64}
                  onChange={(e) => {
                    setPassword(e.target.value);
                    setMissing(false);
                  }}
                  onPressEnter={() => void send().catch(() => undefined)}
                  data-testid="deliver-password"
                />
              </Form.Item>
            </Form>
          </>
        )}
      </div>
    </Modal>
  );
}
