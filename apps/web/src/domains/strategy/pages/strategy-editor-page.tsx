import { useMemo, useState } from 'react';
import { App as AntApp, Button, Card, Flex, Result, Select, Skeleton, Space, Typography } from 'antd';
import { strategy } from '@energy/contracts/refs';
import type { PermissionCode } from '@energy/contracts/catalogue-codes';
import {
  newStrategyForm,
  strategyMessage,
  StrategySectionTypeError,
  strategyVersionName,
  wireToForm,
  type StrategyForm,
  type StrategyWire,
} from '@energy/contracts/strategy-rules';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useHasPermission } from '../../../shared/current-staff';
import { api } from '../../../shared/api/client';
import { useUnsavedGuard } from '../../../shared/form/unsaved-guard';
import { PageTitle } from '../../../shared/page-title';
import { BacktestPanel } from '../components/backtest-panel';
import { DeliverDialog, type DeliverTarget } from '../components/deliver-dialog';
import { StrategyEditor } from '../components/strategy-editor';
import type { EditorMode } from '../editor-state';
import { STRATEGY_LIST_PATH, strategyCreatePath, strategyEditPath, TEMPLATE_LIST_PATH, templateEditPath } from '../paths';
import { strategyKeys, useBsaInfo, useStations, useStrategyDetail, type BsaInfo, type StrategyDetail } from '../queries';
import '../texts';

/** Which library the page edits: station strategies (and field strategies) or templates. */
export type Library = 'strategy' | 'template';

const PREFIX = { strategy: 'b-bsa-strategy', template: 'b-bsa-template' } as const;
const LIST_PATH = { strategy: STRATEGY_LIST_PATH, template: TEMPLATE_LIST_PATH } as const;

/** The permission each mode needs besides the page's: create and copy make a new one, update edits. */
export function editorPermission(library: Library, mode: EditorMode): PermissionCode | null {
  if (mode === 'display') return null;
  return `${PREFIX[library]}-${mode === 'update' ? 'edit' : 'create'}`;
}

/**
 * The editor routes: `/bsa/strategy/create?bsaId=`, `/bsa/strategy/{edit,view,copy}/:id` and the same
 * under `/bsa/strategy/template`. Loads the strategy (or the station for a new one), then the editor.
 */
export default function StrategyEditorPage({ library, mode }: { library: Library; mode: EditorMode }) {
  const { t } = useTranslation();
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const id = mode === 'create' ? null : Number(params.id);
  const validId = id === null || (Number.isInteger(id) && id > 0);
  const needed = editorPermission(library, mode);
  const allowed = useHasPermission(needed);
  const detail = useStrategyDetail(validId ? id : null);
  const bsaParam = Number(search.get('bsaId'));
  const bsaId = library === 'strategy' && mode === 'create' && Number.isInteger(bsaParam) && bsaParam > 0 ? bsaParam : null;
  const back = () => void navigate(LIST_PATH[library]);

  if (needed && !allowed) return <Result status="403" title={t('errors.forbiddenTitle')} subTitle={t('errors.forbidden')} />;
  if (!validId || detail.isError || (detail.data && (detail.data.kind === 'template') !== (library === 'template')))
    return <Result status="404" subTitle={t('strategy.notFound')} extra={<Button onClick={back}>{t('strategy.back')}</Button>} />;
  if (library === 'strategy' && mode === 'create' && bsaId === null) return <StationChooser />;
  if (id !== null && !detail.data) return <Loading />;
  if (mode === 'create' && library === 'strategy') return <NewStationStrategy key={bsaId} bsaId={bsaId!} />;
  if (mode === 'create') return <EditorFrame library={library} mode={mode} initial={newStrategyForm(1, 'template')} />;
  return <ExistingStrategy key={`${mode}-${id}`} library={library} mode={mode} detail={detail.data!} />;
}

function Loading() {
  return (
    <Card>
      <Skeleton active />
    </Card>
  );
}

/** Create without a station: choose one of the staff's stations first. */
function StationChooser() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stations = useStations();
  return (
    <Card data-testid="strategy-station-chooser">
      <PageTitle>{t('strategy.editorTitle.create')}</PageTitle>
      <Flex gap={8} align="center" style={{ marginTop: 16 }}>
        <span>{t('strategy.chooseStation')}</span>
        <Select
          style={{ width: 320 }}
          showSearch={{ optionFilterProp: 'label' }}
          loading={stations.isLoading}
          placeholder={t('strategy.station')}
          options={(stations.data ?? []).map((s) => ({
            value: s.bsaId,
            label: `${s.bsaName} (${strategyVersionName(s.strategyVersion) ?? s.strategyVersion})`,
          }))}
          onChange={(v: number) => void navigate(strategyCreatePath(v), { replace: true })}
          data-testid="strategy-station-select"
        />
        <Button onClick={() => void navigate(STRATEGY_LIST_PATH)}>{t('strategy.back')}</Button>
      </Flex>
    </Card>
  );
}

/** A new strategy of a station: empty, or started from one of the enabled templates bound to its customer with its version. */
function NewStationStrategy({ bsaId }: { bsaId: number }) {
  const { t } = useTranslation();
  const info = useBsaInfo(bsaId);
  const [fromTemplate, setFromTemplate] = useState<{ id: number; form: StrategyForm } | null>(null);
  const templates = useQuery({
    queryKey: [...strategyKeys.templates, 'for', bsaId],
    queryFn: () =>
      api(strategy.strategyList, { kind: 'template', status: 'enabled', version: info.data!.strategyVersion, mcid: info.data!.mcid }),
    enabled: !!info.data,
  });
  if (info.isError) return <Result status="404" subTitle={t('strategy.notFound')} />;
  if (!info.data) return <Loading />;
  const station = info.data;
  const initial = fromTemplate
    ? onStation(fromTemplate.form, station)
    : newStrategyForm(station.strategyVersion, 'strategy', stationOf(station));

  const pickTemplate = async (templateId: number | undefined) => {
    if (!templateId) return setFromTemplate(null);
    const template = await api(strategy.strategyDetail, { id: templateId });
    setFromTemplate({ id: templateId, form: wireToForm(template.body as StrategyWire) });
  };

  return (
    <EditorFrame
      key={fromTemplate?.id ?? 'empty'}
      library="strategy"
      mode="create"
      initial={initial}
      toolbar={
        (templates.data?.length ?? 0) > 0 && (
          <Select
            allowClear
            style={{ width: 260 }}
            placeholder={t('strategy.fromTemplate')}
            value={fromTemplate?.id}
            options={templates.data!.map((tpl) => ({ value: tpl.id, label: tpl.name }))}
            onChange={(v: number | undefined) => void pickTemplate(v).catch(() => undefined)}
            data-testid="strategy-from-template"
          />
        )
      }
    />
  );
}

const stationOf = (s: BsaInfo) => ({ bsaId: s.id, bsaName: s.name, meters: s.meterEntries });

/** A template's cards on a station: the station's identity and meters, no name. */
function onStation(template: StrategyForm, s: BsaInfo): StrategyForm {
  return {
    ...template,
    kind: 'strategy',
    name: '',
    bsaId: s.id,
    bsaName: s.name,
    executiveTimes: null,
    meters: s.meterEntries.map((m) => ({ ...m })),
  };
}

/** An existing strategy or template in Update, Display or Copy mode. */
function ExistingStrategy({ library, mode, detail }: { library: Library; mode: EditorMode; detail: StrategyDetail }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const canEdit = useHasPermission(`${PREFIX[library]}-edit`);
  const canDeliver = useHasPermission('b-bsa-strategy-deliver');
  const [deliver, setDeliver] = useState<DeliverTarget | null>(null);
  const form = useMemo(() => {
    try {
      return wireToForm(detail.body as StrategyWire);
    } catch (e) {
      if (e instanceof StrategySectionTypeError) return null;
      throw e;
    }
  }, [detail]);
  if (!form)
    return (
      <Result
        status="error"
        title={
          <span data-testid="strategy-invalid-section">
            {strategyMessage('section.type.invalid', i18n.language === 'zh-CN' ? 'zh-CN' : 'en-US')}
          </span>
        }
      />
    );
  const extra =
    mode === 'display' ? (
      <Space>
        {canEdit && (
          <Button
            onClick={() => void navigate(library === 'template' ? templateEditPath(detail.id) : strategyEditPath(detail.id))}
            data-testid="strategy-view-edit"
          >
            {t('strategy.edit')}
          </Button>
        )}
        {library === 'strategy' && canDeliver && (
          <Button
            type="primary"
            disabled={detail.status !== 'enabled'}
            onClick={() => setDeliver({ id: detail.id, name: detail.name, bsaName: detail.bsaName })}
            data-testid="strategy-view-deliver"
          >
            {t('strategy.deliver')}
          </Button>
        )}
      </Space>
    ) : null;
  return (
    <>
      <EditorFrame library={library} mode={mode} initial={form} id={detail.id} extra={extra} />
      <DeliverDialog target={deliver} onClose={() => setDeliver(null)} />
    </>
  );
}

/** The page frame around the editor: title, unsaved-changes guard, save and back to the list, the backtest for station strategies. */
function EditorFrame({
  library,
  mode,
  initial,
  id,
  extra,
  toolbar,
}: {
  library: Library;
  mode: EditorMode;
  initial: StrategyForm;
  id?: number;
  extra?: React.ReactNode;
  toolbar?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [dirty, setDirty] = useState(false);
  const { release } = useUnsavedGuard(dirty && mode !== 'display');

  const submit = async (wire: StrategyWire) => {
    const saved = mode === 'update' ? await api(strategy.strategyUpdate, { ...wire, id: id! }) : await api(strategy.strategyInsert, wire);
    release();
    void message.success(t('strategy.saved', { name: saved.name }));
    await queryClient.invalidateQueries({ queryKey: strategyKeys.all });
    void navigate(LIST_PATH[library]);
  };

  return (
    <Card data-testid="strategy-editor-page">
      <StrategyEditor
        initial={initial}
        mode={mode}
        onSubmit={submit}
        onCancel={() => void navigate(LIST_PATH[library])}
        onDirty={() => setDirty(true)}
        versionEditable={library === 'template' && mode === 'create'}
        title={
          <Space>
            <PageTitle>{t(`strategy.${library === 'template' ? 'templateEditorTitle' : 'editorTitle'}.${mode}`)}</PageTitle>
            {toolbar}
            <Typography.Link onClick={() => void navigate(LIST_PATH[library])}>{t('strategy.back')}</Typography.Link>
          </Space>
        }
        extra={extra}
        renderBelow={library === 'strategy' ? (form, valid) => <BacktestPanel form={form} valid={valid} bsaId={form.bsaId} /> : undefined}
      />
    </Card>
  );
}
