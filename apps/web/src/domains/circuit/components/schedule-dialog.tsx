import { Button, Card, DatePicker, Flex, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { circuit } from '@energy/contracts/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { FormDialog } from '../../../shared/form-dialog';
import { BAND_KINDS, circuitKeys, type AccountRow, type BandKind, type PriceVersion } from '../queries';
import { BandBar } from './band-bar';

const QUARTERS = Array.from(
  { length: 97 },
  (_, i) => `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`,
);

interface FormValues {
  effectiveFrom: Dayjs;
  demandPricePerKwMonth: number | null;
  seasons: { name: string; months: number[]; bands: { start: string; end: string; kind: BandKind; price: number }[] }[];
}

/** A default schedule for a first version: one season, valley at night, flat by day, peak in the evening. */
const FIRST: FormValues['seasons'] = [
  {
    name: 'All year',
    months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    bands: [
      { start: '00:00', end: '08:00', kind: 'valley', price: 0.3 },
      { start: '08:00', end: '18:00', kind: 'flat', price: 0.65 },
      { start: '18:00', end: '22:00', kind: 'peak', price: 1.05 },
      { start: '22:00', end: '24:00', kind: 'valley', price: 0.3 },
    ],
  },
];

/**
 * The schedule editor: prices in force from a date, seasons (months) with their bands, each season's day
 * drawn as a bar; the server checks the rules and names the season, band and reason of a refusal.
 */
export function ScheduleDialog({ account, base, onClose }: { account: AccountRow; base: PriceVersion | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const queryClient = useQueryClient();
  const seasons = Form.useWatch('seasons', form) ?? [];
  const save = useMutation({
    mutationFn: (v: FormValues) =>
      api(circuit.priceSave, {
        accountId: account.id,
        effectiveFrom: v.effectiveFrom.format('YYYY-MM-DD'),
        demandPricePerKwMonth: v.demandPricePerKwMonth ?? null,
        seasons: v.seasons,
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: circuitKeys.all });
      onClose();
    },
  });
  const monthNames = t('circuit.price.monthNames', { returnObjects: true }) as string[];
  const initial: FormValues = {
    effectiveFrom: base ? dayjs(base.effectiveFrom) : dayjs().startOf('month'),
    demandPricePerKwMonth: base?.demandPricePerKwMonth ?? null,
    seasons: base ? base.seasons.map((s) => ({ ...s, months: [...s.months], bands: s.bands.map((b) => ({ ...b })) })) : FIRST,
  };
  return (
    <FormDialog
      title={base ? `${t('circuit.price.editVersion')} · ${account.name}` : `${t('circuit.price.newVersion')} · ${account.name}`}
      width={920}
      onCancel={onClose}
      onSave={async () => save.mutateAsync(await form.validateFields())}
      saving={save.isPending}
      saveTestId="schedule-save"
    >
      <Typography.Paragraph type="secondary">{t('circuit.price.rules')}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={initial} data-testid="schedule-form">
        <Space wrap>
          <Form.Item name="effectiveFrom" label={t('circuit.price.effectiveFrom')} rules={[{ required: true }]}>
            <DatePicker allowClear={false} data-testid="schedule-from" />
          </Form.Item>
          <Form.Item
            name="demandPricePerKwMonth"
            label={t('circuit.price.demand')}
            extra={t('circuit.price.demandUnit', { currency: account.currency })}
          >
            <InputNumber
              min={0}
              step={0.5}
              placeholder={t('circuit.price.noDemand')}
              style={{ width: 200 }}
              data-testid="schedule-demand"
            />
          </Form.Item>
        </Space>
        <Form.List name="seasons">
          {(fields, { add, remove }) => (
            <Flex vertical gap={12}>
              {fields.map((field) => (
                <Card
                  key={field.key}
                  size="small"
                  title={
                    <Space>
                      {t('circuit.price.season')}
                      <Form.Item name={[field.name, 'name']} noStyle rules={[{ required: true }]}>
                        <Input style={{ width: 160 }} />
                      </Form.Item>
                    </Space>
                  }
                  extra={
                    fields.length > 1 && (
                      <Button
                        size="small"
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        onClick={() => remove(field.name)}
                        aria-label={t('circuit.price.removeSeason')}
                      />
                    )
                  }
                >
                  <Form.Item name={[field.name, 'months']} label={t('circuit.price.months')}>
                    <Select mode="multiple" options={monthNames.map((m, i) => ({ value: i + 1, label: m }))} />
                  </Form.Item>
                  {seasons[field.name]?.bands && (
                    <BandBar bands={seasons[field.name]!.bands.filter((b) => b?.start && b?.end && b?.kind)} currency={account.currency} />
                  )}
                  <Form.List name={[field.name, 'bands']}>
                    {(bands, ops) => (
                      <Flex vertical gap={4} style={{ marginTop: 8 }}>
                        {bands.map((band) => (
                          <Space key={band.key} align="baseline" wrap>
                            <Form.Item name={[band.name, 'start']} noStyle>
                              <Select
                                style={{ width: 90 }}
                                options={QUARTERS.slice(0, 96).map((q) => ({ value: q, label: q }))}
                                aria-label={t('circuit.price.start')}
                              />
                            </Form.Item>
                            –
                            <Form.Item name={[band.name, 'end']} noStyle>
                              <Select
                                style={{ width: 90 }}
                                options={QUARTERS.slice(1).map((q) => ({ value: q, label: q }))}
                                aria-label={t('circuit.price.end')}
                              />
                            </Form.Item>
                            <Form.Item name={[band.name, 'kind']} noStyle>
                              <Select
                                style={{ width: 130 }}
                                options={BAND_KINDS.map((k) => ({ value: k, label: t(`circuit.kinds.${k}`) }))}
                                aria-label={t('circuit.price.kind')}
                              />
                            </Form.Item>
                            <Form.Item name={[band.name, 'price']} noStyle>
                              <InputNumber
                                min={0}
                                step={0.01}
                                style={{ width: 120 }}
                                addonAfter={`${account.currency}/kWh`}
                                aria-label={t('circuit.price.pricePerKwh', { currency: account.currency })}
                              />
                            </Form.Item>
                            <Button type="text" icon={<DeleteOutlined />} onClick={() => ops.remove(band.name)} aria-label={t('delete')} />
                          </Space>
                        ))}
                        <Button
                          type="dashed"
                          icon={<PlusOutlined />}
                          onClick={() => ops.add({ start: '00:00', end: '24:00', kind: 'flat', price: 0 })}
                        >
                          {t('circuit.price.addBand')}
                        </Button>
                      </Flex>
                    )}
                  </Form.List>
                </Card>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({ name: '', months: [], bands: FIRST[0]!.bands })}>
                {t('circuit.price.addSeason')}
              </Button>
            </Flex>
          )}
        </Form.List>
      </Form>
    </FormDialog>
  );
}
