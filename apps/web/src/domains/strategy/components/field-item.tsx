import type { ReactNode } from 'react';
import { Form } from 'antd';
import type { StrategyIssue } from '@energy/contracts/strategy-rules';
import { useTranslation } from 'react-i18next';
import { issuesAt, issueText } from '../editor-state';

interface FieldItemProps {
  label?: ReactNode;
  /** Issues of the whole form; the item shows those at `path` (and below it with `nested`). */
  issues: readonly StrategyIssue[];
  path: readonly (string | number)[];
  nested?: boolean;
  /** Shown under the input when there is no message (for example CB's MW value). */
  extra?: ReactNode;
  testId: string;
  children: ReactNode;
  style?: React.CSSProperties;
}

/**
 * A labelled input of the strategy form with the validator's messages at it (validateStatus + help), in
 * the UI language. `data-testid` on the item (`<testId>-item`); the message has `<testId>-error`.
 */
export function FieldItem({ label, issues, path, nested, extra, testId, children, style }: FieldItemProps) {
  const { i18n } = useTranslation();
  const found = issuesAt(issues, path, nested);
  const texts = [...new Set(found.map((x) => issueText(x, i18n.language)))];
  return (
    <Form.Item
      label={label}
      validateStatus={texts.length ? 'error' : undefined}
      help={texts.length ? <span data-testid={`${testId}-error`}>{texts.join('; ')}</span> : undefined}
      extra={texts.length ? undefined : extra}
      data-testid={`${testId}-item`}
      style={style}
    >
      {children}
    </Form.Item>
  );
}
