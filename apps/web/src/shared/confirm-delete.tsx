import type { ReactNode } from 'react';
import { App as AntApp, Button, Flex } from 'antd';
import { ConfirmButton } from './confirm-button';
import { MODAL_WIDTH } from './modal';

type ModalApi = ReturnType<typeof AntApp.useApp>['modal'];

/**
 * The delete confirmation of the settings pages (width 480), naming what goes. Its OK button is a
 * ConfirmButton: debounced, loading while the call runs; the dialog closes only when the call succeeds
 * (a refusal shows the server's message from the API client and leaves the dialog open).
 */
export function confirmDelete(
  modal: ModalApi,
  opts: { title: ReactNode; content?: ReactNode; okText: string; cancelText: string; testId: string; onConfirm: () => Promise<unknown> },
) {
  const instance = modal.confirm({
    width: MODAL_WIDTH.confirm,
    title: opts.title,
    content: opts.content,
    footer: () => (
      <Flex justify="flex-end" gap={8} style={{ marginTop: 24 }}>
        <Button onClick={() => instance.destroy()}>{opts.cancelText}</Button>
        <ConfirmButton
          type="primary"
          danger
          data-testid={opts.testId}
          onClick={async () => {
            await opts.onConfirm();
            instance.destroy();
          }}
        >
          {opts.okText}
        </ConfirmButton>
      </Flex>
    ),
  });
}
