import { Alert, Button, Card, Flex, Space, Tag, Tooltip } from 'antd';
import { DeleteOutlined, DownOutlined, PlusOutlined, UpOutlined } from '@ant-design/icons';
import { formatHours, overviewKindOf, type SectionType } from '@energy/contracts/strategy-rules';
import { useTranslation } from 'react-i18next';
import { addableKinds, CARD_KIND_KEYS, issuesAt, issueText } from '../editor-state';
import { OVERVIEW_COLORS, OverviewIcon } from './overview-kind';
import { SectionFields, SectionTime, type SectionFieldsProps } from './section-fields';

interface SectionCardProps extends SectionFieldsProps {
  collapsed: boolean;
  onToggle: () => void;
  onAdd: (type: SectionType) => void;
  onDelete: () => void;
}

/**
 * One time-slot card (spec 002 section 2): its kind and period in the header, add buttons for the
 * version's other card kinds, a delete button (neither in Display mode) and a collapse toggle; the body
 * holds the time period and the card's fields. Test ids: `section-card-<i>` (with `data-type`),
 * `section-<i>-add-<kind>`, `section-<i>-delete`, `section-<i>-toggle`.
 */
export function SectionCard(props: SectionCardProps) {
  const { form, index, issues, readOnly, collapsed, onToggle, onAdd, onDelete } = props;
  const { t, i18n } = useTranslation();
  const section = form.sections[index]!;
  const kindKey = CARD_KIND_KEYS[section.type];
  const [start, end] = section.time;
  const period =
    start === null && end === null
      ? t('strategy.noTime')
      : `${start === null ? '--:--' : formatHours(start)}-${end === null ? '--:--' : formatHours(end)}`;
  const cardIssues = issuesAt(issues, ['sections', index], true);
  const typeIssues = issuesAt(issues, ['sections', index, 'type']);
  let accent = OVERVIEW_COLORS.standby;
  let kind = null;
  try {
    kind = overviewKindOf(section);
    accent = OVERVIEW_COLORS[kind];
  } catch {
    // an unknown type: the card shows the validator's 'Invalid strategy section type'
  }

  const title = (
    <Flex align="center" gap={8}>
      {kind && <OverviewIcon kind={kind} />}
      <span data-testid={`section-${index}-kind`}>{kindKey ? t(`strategy.cardKinds.${kindKey}`) : String(section.type)}</span>
      <Tag data-testid={`section-${index}-period`}>{period}</Tag>
      {cardIssues.length > 0 && (
        <Tag color="error" data-testid={`section-${index}-has-errors`}>
          {cardIssues.length}
        </Tag>
      )}
    </Flex>
  );

  const extra = (
    <Space size={4} wrap>
      {!readOnly &&
        addableKinds(form.version, section.type).map((k) => (
          <Tooltip key={k} title={t('strategy.addTitle')}>
            <Button size="small" icon={<PlusOutlined />} onClick={() => onAdd(k)} data-testid={`section-${index}-add-${CARD_KIND_KEYS[k]}`}>
              {t(`strategy.add.${CARD_KIND_KEYS[k]}`)}
            </Button>
          </Tooltip>
        ))}
      {!readOnly && (
        <Button
          size="small"
          danger
          icon={<DeleteOutlined />}
          onClick={onDelete}
          aria-label={t('strategy.deleteCard')}
          data-testid={`section-${index}-delete`}
        />
      )}
      <Button
        size="small"
        type="text"
        disabled={false}
        icon={collapsed ? <DownOutlined /> : <UpOutlined />}
        aria-label={collapsed ? t('strategy.expand') : t('strategy.collapse')}
        aria-expanded={!collapsed}
        onClick={onToggle}
        data-testid={`section-${index}-toggle`}
      />
    </Space>
  );

  return (
    <Card
      size="small"
      title={title}
      extra={extra}
      data-testid={`section-card-${index}`}
      data-type={kindKey ?? 'invalid'}
      data-collapsed={collapsed}
      style={{ marginBottom: 12, borderLeft: `4px solid ${accent}` }}
      styles={{ body: collapsed ? { display: 'none' } : undefined }}
    >
      {typeIssues.length > 0 && (
        <Alert type="error" showIcon style={{ marginBottom: 12 }} title={typeIssues.map((x) => issueText(x, i18n.language)).join('; ')} />
      )}
      {kindKey && (
        <>
          <SectionTime form={form} index={index} issues={issues} readOnly={readOnly} onChange={props.onChange} />
          <SectionFields {...props} />
        </>
      )}
    </Card>
  );
}
