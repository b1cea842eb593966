import type { ReactNode } from 'react';
import { Button, Checkbox, Flex, Popover, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { canHide, type ColumnDefault, type ColumnSetting } from './column-settings';
import './texts';

/** A column as the settings panel lists it. */
export interface SettingsColumn extends ColumnDefault {
  title?: unknown;
}

/** The column's title as a node (a title function gets its key), and as plain text for labels. */
export function columnTitle(column: SettingsColumn): { node: ReactNode; text: string } {
  const { title, key } = column;
  if (typeof title === 'string' || typeof title === 'number') return { node: title, text: String(title) };
  if (title === undefined || title === null || typeof title === 'function' || typeof title === 'boolean') return { node: key, text: key };
  return { node: title as ReactNode, text: key };
}

interface Props {
  columns: readonly SettingsColumn[];
  settings: readonly ColumnSetting[];
  onDisplay: (key: string, display: boolean) => void;
  onMove: (key: string, step: -1 | 1) => void;
  onReset: () => void;
}

/** The settings button and its panel: a checkbox and up / down buttons per column, and Reset. */
export function ColumnSettingsButton({ columns, settings, onDisplay, onMove, onReset }: Props) {
  const { t } = useTranslation();
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const ordered = [...settings].sort((a, b) => a.showIndex - b.showIndex);
  const panel = (
    <Flex vertical gap={2} style={{ minWidth: 220, maxHeight: 400, overflowY: 'auto' }}>
      {ordered.map((s, index) => {
        const column = byKey.get(s.key);
        if (!column) return null;
        const { node, text } = columnTitle(column);
        return (
          <Flex key={s.key} align="center" justify="space-between" gap={8} data-testid={`column-setting-${s.key}`}>
            <Checkbox
              checked={s.display}
              disabled={s.display && !canHide(settings, columns, s.key)}
              onChange={(e) => onDisplay(s.key, e.target.checked)}
              title={column.showForce ? t('table.alwaysShown') : undefined}
            >
              {node}
            </Checkbox>
            <span>
              <Button
                size="small"
                type="text"
                icon={<ArrowUpOutlined />}
                aria-label={t('table.moveUp', { title: text })}
                disabled={index === 0}
                onClick={() => onMove(s.key, -1)}
              />
              <Button
                size="small"
                type="text"
                icon={<ArrowDownOutlined />}
                aria-label={t('table.moveDown', { title: text })}
                disabled={index === ordered.length - 1}
                onClick={() => onMove(s.key, 1)}
              />
            </span>
          </Flex>
        );
      })}
    </Flex>
  );
  const title = (
    <Flex justify="space-between" align="center">
      <Typography.Text strong>{t('table.columnSettings')}</Typography.Text>
      <Button type="link" size="small" onClick={onReset} data-testid="column-settings-reset">
        {t('table.reset')}
      </Button>
    </Flex>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={title} content={panel}>
      <Button icon={<SettingOutlined />} aria-label={t('table.columnSettings')} data-testid="column-settings" />
    </Popover>
  );
}
