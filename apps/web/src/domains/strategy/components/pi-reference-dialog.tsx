import { useMemo } from 'react';
import { Col, Modal, Row, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH } from '../../../shared/modal';
import { piFigures, SAMPLE_S, type PiFigure } from '../pi-curves';

const W = 320;
const H = 180;
const PAD = { left: 30, right: 8, top: 10, bottom: 24 };
const Y_MIN = -0.5;
const Y_MAX = 2.5;

/** One step-response chart as SVG: the target (dotted), the first gains dashed, the second solid; values clipped to -0.5..2.5. */
function StepChart({ figure }: { figure: PiFigure }) {
  const { token } = theme.useToken();
  const { t } = useTranslation();
  const x = (s: number) => PAD.left + (s / figure.duration) * (W - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + ((Y_MAX - Math.min(Y_MAX, Math.max(Y_MIN, v))) / (Y_MAX - Y_MIN)) * (H - PAD.top - PAD.bottom);
  const colors = [token.colorTextTertiary, token.colorPrimary];
  const axis = token.colorTextQuaternary;
  const ticks = [0, 1, 2];
  return (
    <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={t(`strategy.pi.captions.${figure.id}`)}>
      <line x1={PAD.left} y1={y(Y_MIN)} x2={W - PAD.right} y2={y(Y_MIN)} stroke={axis} />
      <line x1={PAD.left} y1={PAD.top} x2={PAD.left} y2={y(Y_MIN)} stroke={axis} />
      {ticks.map((v) => (
        <text key={v} x={PAD.left - 6} y={y(v) + 4} fontSize={10} textAnchor="end" fill={token.colorTextSecondary}>
          {v}
        </text>
      ))}
      {Array.from({ length: Math.floor(figure.duration / 2) + 1 }, (_, i) => i * 2).map((s) => (
        <text key={s} x={x(s)} y={H - 8} fontSize={10} textAnchor="middle" fill={token.colorTextSecondary}>
          {s}
        </text>
      ))}
      <line x1={PAD.left} y1={y(1)} x2={W - PAD.right} y2={y(1)} stroke={token.colorWarning} strokeDasharray="2 3" />
      {figure.curves.map((c, i) => (
        <polyline
          key={i}
          data-testid={`pi-curve-${figure.id}-${i}`}
          fill="none"
          stroke={colors[i]}
          strokeWidth={i === 0 ? 1.5 : 2}
          strokeDasharray={i === 0 ? '5 3' : undefined}
          points={c.points.map((v, k) => `${x(k * SAMPLE_S).toFixed(1)},${y(v).toFixed(1)}`).join(' ')}
        />
      ))}
      {figure.curves.map((c, i) => (
        <text key={`l${i}`} x={W - PAD.right - 4} y={PAD.top + 12 + i * 13} fontSize={10} textAnchor="end" fill={colors[i]}>
          P={c.kp} I={c.ki}
        </text>
      ))}
    </svg>
  );
}

/** The PI control configuration reference (spec 002 section 2): four step-response figures with their captions. */
export function PiReferenceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const figures = useMemo(() => (open ? piFigures() : []), [open]);
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={MODAL_WIDTH.large} title={t('strategy.pi.title')} destroyOnHidden>
      <div data-testid="pi-reference-dialog">
        <Typography.Paragraph type="secondary">{t('strategy.pi.intro')}</Typography.Paragraph>
        <Row gutter={[16, 16]}>
          {figures.map((f) => (
            <Col span={12} key={f.id}>
              <figure data-testid={`pi-figure-${f.id}`} style={{ margin: 0 }}>
                <StepChart figure={f} />
                <figcaption style={{ textAlign: 'center' }}>
                  ({f.id}) {t(`strategy.pi.captions.${f.id}`)}
                </figcaption>
              </figure>
            </Col>
          ))}
        </Row>
      </div>
    </Modal>
  );
}
