import { useRef } from 'react';
import { Button, Flex, Form, Input, Tooltip, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
// The pure helper module itself: the contracts' root would bring zod and every schema into the web bundle.
import { defaultOrgLevelName, ORG_LEVEL_NAME_MAX, ORG_LEVELS_MAX } from '@energy/contracts/org-levels';
import { i18n } from '../i18n';
import './texts';

export { ORG_LEVEL_NAME_MAX, ORG_LEVELS_MAX };
export const ORG_LEVELS_MIN = 1;

/** The label of a level, from its position: 'Level 1', 'Level 2', ... */
export const orgLevelTitle = (level: number) => i18n.t('orgLevels.level', { n: level });

/** The message that refuses a list of level names, or null: '{title} is required' for the first empty name. */
export function orgLevelsError(names: readonly string[] | undefined): string | null {
  const list = names ?? [];
  if (list.length < ORG_LEVELS_MIN) return i18n.t('common.required', { title: orgLevelTitle(1) });
  if (list.length > ORG_LEVELS_MAX) return i18n.t('orgLevels.atMost', { n: ORG_LEVELS_MAX });
  const empty = list.findIndex((name) => !name?.trim());
  return empty >= 0 ? i18n.t('common.required', { title: orgLevelTitle(empty + 1) }) : null;
}

/** The antd Form rule of an organisation-level field: the form cannot be submitted with an empty name. */
export const orgLevelsRule = () => ({
  validator: async (_: unknown, value: string[] | undefined) => {
    const error = orgLevelsError(value);
    if (error) throw new Error(error);
  },
});

export interface OrgLevelEditorProps {
  value?: string[];
  onChange?: (names: string[]) => void;
  readOnly?: boolean;
  /** Set by antd Form.Item: the label focuses the first name. */
  id?: string;
}

/**
 * The organisation-level editor (spec 000 §3, §4, §5, §9): one row per level, whose level is its
 * position; 1 to 99 levels; new levels get the default names. Use it inside
 * `<Form.Item name=... rules={[orgLevelsRule()]}>`: the item shows '{title} is required' and the empty
 * row is marked.
 */
export function OrgLevelEditor({ value, onChange, readOnly, id }: OrgLevelEditorProps) {
  const { t } = useTranslation();
  const names = value ?? [];
  // stable row keys, so removing a middle level keeps the other inputs (and their focus) in place
  const rowIds = useRef<number[]>([]);
  const nextId = useRef(0);
  while (rowIds.current.length < names.length) rowIds.current.push(nextId.current++);
  if (rowIds.current.length > names.length) rowIds.current = rowIds.current.slice(0, names.length);

  const canAdd = names.length < ORG_LEVELS_MAX;
  const canRemove = names.length > ORG_LEVELS_MIN;
  const rename = (index: number, name: string) => onChange?.(names.map((n, i) => (i === index ? name : n)));
  const add = () => onChange?.([...names, defaultOrgLevelName(names.length + 1)]);
  const remove = (index: number) => {
    rowIds.current.splice(index, 1);
    onChange?.(names.filter((_, i) => i !== index));
  };

  // a tooltip only where it has something to say (99 tooltips make a long list slow)
  const removeButton = (index: number, title: string) => (
    <Button
      icon={<DeleteOutlined />}
      aria-label={t('orgLevels.remove', { title })}
      data-testid={`org-level-remove-${index + 1}`}
      disabled={!canRemove}
      style={canRemove ? undefined : { pointerEvents: 'none' }}
      onClick={() => remove(index)}
    />
  );

  if (readOnly) {
    return (
      <Flex vertical gap={4} data-testid="org-levels">
        {names.map((name, i) => (
          <Flex key={rowIds.current[i]} gap={12} data-testid={`org-level-${i + 1}`}>
            <Typography.Text type="secondary" style={{ width: 88 }}>
              {orgLevelTitle(i + 1)}
            </Typography.Text>
            <Typography.Text>{name}</Typography.Text>
          </Flex>
        ))}
      </Flex>
    );
  }

  return (
    <Flex vertical gap={8} data-testid="org-levels">
      {names.map((name, i) => {
        const title = orgLevelTitle(i + 1);
        const empty = !name?.trim();
        const inputId = i === 0 ? id : `${id ?? 'org-level'}-${i + 1}`;
        return (
          <Flex key={rowIds.current[i]} gap={12} align="center" data-testid={`org-level-${i + 1}`}>
            <label htmlFor={inputId} style={{ width: 88, flex: 'none' }}>
              {title}
            </label>
            {/* its own status: only the empty row turns red when the field has an error */}
            <Form.Item validateStatus={empty ? 'error' : undefined} style={{ margin: 0, flex: 1 }}>
              <Input
                id={inputId}
                value={name}
                maxLength={ORG_LEVEL_NAME_MAX}
                aria-label={title}
                aria-invalid={empty}
                onChange={(e) => rename(i, e.target.value)}
              />
            </Form.Item>
            {canRemove ? (
              removeButton(i, title)
            ) : (
              <Tooltip title={t('orgLevels.atLeast')}>
                <span data-testid="org-level-remove-hint">{removeButton(i, title)}</span>
              </Tooltip>
            )}
          </Flex>
        );
      })}
      {/* a disabled button gets no mouse events: the tooltip listens on a wrapper */}
      <Tooltip title={canAdd ? undefined : t('orgLevels.atMost', { n: ORG_LEVELS_MAX })}>
        <span data-testid="org-level-add-hint" style={{ display: 'block' }}>
          <Button
            type="dashed"
            block
            icon={<PlusOutlined />}
            disabled={!canAdd}
            data-testid="org-level-add"
            style={canAdd ? undefined : { pointerEvents: 'none' }}
            onClick={add}
          >
            {t('orgLevels.add')}
          </Button>
        </span>
      </Tooltip>
    </Flex>
  );
}
