import { Card, Col, Flex, Row, Statistic, Typography, theme as antdTheme } from 'antd';
import { useTranslation } from 'react-i18next';
import { fig, type Ems } from '../queries';

const NODES = ['grid', 'pv', 'battery', 'load'] as const;

/** The station's power flow: each node's power now and who feeds whom (arrows with kW). */
export function EmsFlow({ ems }: { ems: Ems | undefined }) {
  const { t } = useTranslation();
  const { token } = antdTheme.useToken();
  const m = (k: string) => t(`bsaMonitor.${k}`);
  const value = { grid: ems?.gridKw, pv: ems?.pvKw, battery: ems?.batteryKw, load: ems?.loadKw };
  const hint = { grid: m('gridHint'), battery: m('batteryHint'), pv: '', load: '' };
  return (
    <Flex vertical gap={12} data-testid="ems-flow">
      <Row gutter={[8, 8]}>
        {NODES.map((n) => (
          <Col span={6} key={n}>
            <Card size="small" style={{ textAlign: 'center', borderColor: n === 'load' ? token.colorPrimary : undefined }}>
              <Statistic title={m(n)} value={fig(value[n])} suffix="kW" />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {hint[n]}
              </Typography.Text>
            </Card>
          </Col>
        ))}
      </Row>
      <Flex vertical gap={4}>
        {(ems?.flows ?? []).map((f) => (
          <Typography.Text key={`${f.from}-${f.to}`} data-testid={`flow-${f.from}-${f.to}`}>
            {m(f.from)} → {m(f.to)}: <strong>{fig(f.kw)} kW</strong>
          </Typography.Text>
        ))}
      </Flex>
    </Flex>
  );
}
