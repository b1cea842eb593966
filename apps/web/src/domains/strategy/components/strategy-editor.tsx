import { useMemo, useState, type ReactNode } from 'react';
import { Alert, App as AntApp, Button, Card, Flex, Form, Result, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import {
  copyName,
  formToWire,
  needsStartConfirm,
  strategyMessage,
  strategyVersion,
  validateStrategyForm,
  type SectionType,
  type StrategyForm,
  type StrategyIssue,
  type StrategyWire,
} from '@energy/contracts/strategy-rules';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../shared/confirm-button';
import { MODAL_WIDTH } from '../../../shared/modal';
import {
  addableKinds,
  addSectionAfter,
  CARD_KIND_KEYS,
  initEditorState,
  issuesAt,
  issueText,
  removeSection,
  todayString,
  updateForm,
  updateSection,
  type EditorMode,
  type EditorState,
} from '../editor-state';
import { GlobalSettingsCard } from './global-settings-card';
import { OverviewStrip } from './overview-strip';
import { PiReferenceDialog } from './pi-reference-dialog';
import { SectionCard } from './section-card';
import '../texts';

export interface StrategyEditorProps {
  /** The form to start from (Copy mode adds the copy suffix to its name). */
  initial: StrategyForm;
  mode: EditorMode;
  /** Receives `formToWire(form)` once the form is valid (and the first-card confirm, if needed, was accepted). */
  onSubmit?: (wire: StrategyWire) => Promise<unknown>;
  onCancel?: () => void;
  /** Told when the form first changes (the page's unsaved-changes guard). */
  onDirty?: () => void;
  /** 'YYYY-MM-DD': past days are disabled and refused (default: the browser's today). */
  today?: string;
  /** Templates: the version may be chosen while creating. */
  versionEditable?: boolean;
  /** Below the cards: the backtest panel, given the current form and whether it is valid. */
  renderBelow?: (form: StrategyForm, valid: boolean) => ReactNode;
  /** Right of the title (e.g. a Deliver button in Display mode). */
  extra?: ReactNode;
  title?: ReactNode;
}

/**
 * The charge/discharge strategy editor (spec 002 sections 2 to 5): the overview strip, the global
 * settings card and the time-slot cards, in Create, Update, Display (all read-only) or Copy mode. Every
 * rule comes from `@energy/contracts/strategy-rules`: defaults (`newSection`), visibility
 * (`visibleFields`), time options, validation (`validateStrategyForm`, messages shown at their fields
 * from the first submit on), the first-card confirm (`needsStartConfirm`) and `formToWire`.
 */
export function StrategyEditor(props: StrategyEditorProps) {
  const { t } = useTranslation();
  if (!strategyVersion(props.initial.version)) {
    return (
      <Result
        status="warning"
        title={<span data-testid="strategy-not-registered">{t('strategy.notRegistered')}</span>}
        subTitle={t('strategy.notRegisteredHint', { version: props.initial.version })}
        extra={props.onCancel && <Button onClick={props.onCancel}>{t('strategy.back')}</Button>}
      />
    );
  }
  return <RegisteredEditor {...props} />;
}

function RegisteredEditor({
  initial,
  mode,
  onSubmit,
  onCancel,
  onDirty,
  today = todayString(),
  versionEditable,
  renderBelow,
  extra,
  title,
}: StrategyEditorProps) {
  const { t, i18n } = useTranslation();
  const { modal, message } = AntApp.useApp();
  const [state, setState] = useState<EditorState>(() =>
    initEditorState(mode === 'copy' ? { ...initial, name: copyName(initial.name, initial.kind) } : initial),
  );
  const [collapsed, setCollapsed] = useState<Set<number>>(() => new Set());
  const [checked, setChecked] = useState(false);
  const [piOpen, setPiOpen] = useState(false);
  const readOnly = mode === 'display';
  const { form } = state;

  const allIssues = useMemo(() => validateStrategyForm(form, { today }), [form, today]);
  const issues: StrategyIssue[] = checked ? allIssues : [];
  const listIssues = [...issuesAt(issues, ['sections']), ...issuesAt(issues, ['version'])];

  const change = (next: (s: EditorState) => EditorState) => {
    setState(next);
    onDirty?.();
  };

  const submit = async () => {
    setChecked(true);
    if (allIssues.length > 0) {
      // open the cards that hold a message
      const withIssues = new Set(
        allIssues.filter((x) => x.path[0] === 'sections' && typeof x.path[1] === 'number').map((x) => state.keys[x.path[1] as number]),
      );
      setCollapsed((c) => new Set([...c].filter((k) => !withIssues.has(k))));
      void message.error(t('strategy.fixErrors'));
      return;
    }
    const wire = formToWire(form);
    if (!needsStartConfirm(form)) return onSubmit?.(wire);
    return new Promise<void>((resolve) => {
      modal.confirm({
        width: MODAL_WIDTH.confirm,
        title: t('strategy.startConfirmTitle'),
        content: (
          <span data-testid="strategy-start-confirm">
            {strategyMessage('sections.startConfirm', i18n.language === 'zh-CN' ? 'zh-CN' : 'en-US')}
          </span>
        ),
        okText: t('common.ok'),
        cancelText: t('common.cancel'),
        okButtonProps: { 'data-testid': 'strategy-start-confirm-ok' },
        cancelButtonProps: { 'data-testid': 'strategy-start-confirm-cancel' },
        onOk: () =>
          (onSubmit?.(wire) ?? Promise.resolve()).then(
            () => resolve(),
            () => resolve(),
          ),
        onCancel: () => resolve(),
      });
    });
  };

  const addFirst = (type: SectionType) => change((s) => addSectionAfter(s, -1, type));
  const toggle = (key: number) =>
    setCollapsed((c) => {
      const next = new Set(c);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  return (
    <div data-testid="strategy-editor" data-mode={mode}>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }} wrap gap={8}>
        <Space>
          {title}
          <Tag color={readOnly ? 'default' : 'processing'} data-testid="strategy-mode" data-mode={mode}>
            {t(`strategy.mode.${mode}`)}
          </Tag>
        </Space>
        {extra}
      </Flex>
      <OverviewStrip sections={form.sections} version={form.version} />
      <Form layout="vertical" disabled={readOnly} component="div" data-testid="strategy-form">
        <GlobalSettingsCard
          form={form}
          mode={mode}
          issues={issues}
          today={today}
          versionEditable={versionEditable && !readOnly}
          onChange={(patch) => change((s) => updateForm(s, patch))}
        />
        <Card
          size="small"
          title={t('strategy.sectionsTitle')}
          data-testid="strategy-sections"
          style={{ marginBottom: 16 }}
          extra={
            <Typography.Text type="secondary" data-testid="strategy-sections-count">
              {form.sections.length}
            </Typography.Text>
          }
        >
          {listIssues.length > 0 && (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 12 }}
              data-testid="sections-issues"
              title={
                <>
                  {listIssues.map((x) => (
                    <div key={x.code} data-testid={`sections-issue-${x.code}`}>
                      {issueText(x, i18n.language)}
                    </div>
                  ))}
                </>
              }
            />
          )}
          {form.sections.length === 0 && !readOnly && (
            <Flex gap={8} align="center" wrap data-testid="add-first">
              <Typography.Text>{t('strategy.addFirst')}</Typography.Text>
              {addableKinds(form.version, null).map((k) => (
                <Button key={k} icon={<PlusOutlined />} onClick={() => addFirst(k)} data-testid={`add-first-${CARD_KIND_KEYS[k]}`}>
                  {t(`strategy.add.${CARD_KIND_KEYS[k]}`)}
                </Button>
              ))}
            </Flex>
          )}
          {form.sections.map((_, i) => (
            <SectionCard
              key={state.keys[i]}
              form={form}
              index={i}
              issues={issues}
              readOnly={readOnly}
              collapsed={collapsed.has(state.keys[i]!)}
              onToggle={() => toggle(state.keys[i]!)}
              onChange={(patch) => change((s) => updateSection(s, i, patch))}
              onAdd={(type) => change((s) => addSectionAfter(s, i, type))}
              onDelete={() => change((s) => removeSection(s, i))}
              onPiReference={() => setPiOpen(true)}
            />
          ))}
        </Card>
      </Form>
      {renderBelow?.(form, allIssues.length === 0)}
      {!readOnly && (
        <Space style={{ marginTop: 16 }}>
          <ConfirmButton type="primary" onClick={submit} data-testid="strategy-submit">
            {t('strategy.submit')}
          </ConfirmButton>
          {onCancel && (
            <Button onClick={onCancel} data-testid="strategy-cancel">
              {t('strategy.cancel')}
            </Button>
          )}
        </Space>
      )}
      <PiReferenceDialog open={piOpen} onClose={() => setPiOpen(false)} />
    </div>
  );
}
