// Helpers of the editor's component tests.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { i18n } from '../../../shared/i18n';
import { StrategyEditor, type StrategyEditorProps } from './strategy-editor';

export const TODAY = '2026-03-01';

export function renderEditor(props: Partial<StrategyEditorProps> & Pick<StrategyEditorProps, 'initial'>) {
  return render(
    <App>
      <StrategyEditor mode="update" today={TODAY} {...props} />
    </App>,
  );
}

/** Opens the antd Select with this test id. */
export function openSelect(testId: string) {
  fireEvent.mouseDown(screen.getByTestId(testId));
}

/** Chooses an option (by its test id) of the Select with this test id. */
export function choose(selectTestId: string, optionTestId: string) {
  openSelect(selectTestId);
  fireEvent.click(screen.getByTestId(optionTestId));
}

export const isDisabledOption = (el: Element) => el.getAttribute('aria-disabled') === 'true';

export async function inLanguage(lang: 'en-US' | 'zh-CN', run: () => Promise<void> | void) {
  await act(() => i18n.changeLanguage(lang));
  try {
    await run();
  } finally {
    await act(() => i18n.changeLanguage('en-US'));
  }
}
