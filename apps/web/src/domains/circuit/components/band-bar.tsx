import { Flex, Tooltip, Typography, theme as antdTheme } from 'antd';
import { useTranslation } from 'react-i18next';
import { bandColor } from '../band-colors';
import type { BandKind } from '../queries';

const minutes = (hm: string) => Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3, 5));

/** A day's bands as a 24-hour bar in the bands' colours, with the hours under it. */
export function BandBar({ bands, currency }: { bands: { start: string; end: string; kind: BandKind; price: number }[]; currency: string }) {
  const { token } = antdTheme.useToken();
  const { t } = useTranslation();
  return (
    <div data-testid="band-bar">
      <Flex style={{ height: 22, borderRadius: token.borderRadiusSM, overflow: 'hidden' }}>
        {bands.map((b) => (
          <Tooltip key={b.start} title={`${b.start}-${b.end} ${t(`circuit.kinds.${b.kind}`)} ${b.price} ${currency}/kWh`}>
            <div
              style={{
                width: `${((minutes(b.end) - minutes(b.start)) / 1440) * 100}%`,
                background: bandColor(token, b.kind),
                borderRight: `1px solid ${token.colorBgContainer}`,
              }}
            />
          </Tooltip>
        ))}
      </Flex>
      <Flex justify="space-between">
        {[0, 6, 12, 18, 24].map((h) => (
          <Typography.Text key={h} type="secondary" style={{ fontSize: 11 }}>
            {String(h).padStart(2, '0')}:00
          </Typography.Text>
        ))}
      </Flex>
    </div>
  );
}
