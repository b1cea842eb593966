import type { ReactNode } from 'react';
import { theme as antdTheme } from 'antd';
import { DownOutlined } from '@ant-design/icons';

/**
 * What an outlined antd Select looks like before its chunk has loaded (lazy-antd.tsx): the same box
 * (height, border, radius, padding), its text or placeholder and its suffix icon, so the header does not
 * move when the real Select takes its place. No test id: tests (and people) act on the real Select.
 */
export function SelectStandIn({
  width,
  small,
  text,
  placeholder,
  suffix = <DownOutlined />,
  ...rest
}: {
  width: number;
  small?: boolean;
  text?: ReactNode;
  placeholder?: string;
  suffix?: ReactNode;
  'aria-label'?: string;
  /** A press before the Select is there: its owner opens the Select once it is. */
  onMouseDown?: () => void;
}) {
  const { token } = antdTheme.useToken();
  const padding = small ? token.paddingXS - 1 : token.paddingSM - 1;
  return (
    <span
      {...rest}
      aria-busy
      style={{
        boxSizing: 'border-box',
        display: 'inline-flex',
        alignItems: 'center',
        width,
        height: small ? token.controlHeightSM : token.controlHeight,
        padding: `0 ${padding}px`,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorder}`,
        borderRadius: small ? token.borderRadiusSM : token.borderRadius,
        background: token.colorBgContainer,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        color: text === undefined ? token.colorTextPlaceholder : token.colorText,
      }}
    >
      <span style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {text ?? placeholder}
      </span>
      <span style={{ display: 'inline-flex', color: token.colorTextQuaternary, fontSize: token.fontSizeIcon, marginInlineStart: 4 }}>
        {suffix}
      </span>
    </span>
  );
}
