import { useCallback, useEffect, useRef } from 'react';
import { App as AntApp } from 'antd';
import { useBlocker, type BlockerFunction } from 'react-router';
import { useTranslation } from 'react-i18next';
import { registerTexts } from '../i18n';
import { MODAL_WIDTH } from '../modal';

const en = {
  title: 'Unsaved changes',
  message: 'The system may not save your changes. Leave this page?',
  leave: 'Leave',
  stay: 'Stay',
};
const zh: typeof en = {
  title: '未保存的修改',
  message: '系统可能不会保存您所做的更改。确定离开此页面吗？',
  leave: '离开',
  stay: '留下',
};
registerTexts('unsavedGuard', { 'en-US': en, 'zh-CN': zh });

/**
 * The unsaved-changes guard (spec 000 §2): while `dirty`, closing or reloading the tab gets the
 * browser's own warning, and leaving the page inside the app (another path or query; the hash alone is
 * not leaving) asks 'The system may not save your changes. Leave this page?' with Leave and Stay.
 * Needs the data router (createBrowserRouter) and antd's App. `release()` lets the next navigation
 * through, for a page that saves and then leaves in the same handler, before `dirty` has re-rendered.
 */
export function useUnsavedGuard(dirty: boolean) {
  const { t } = useTranslation();
  const { modal } = AntApp.useApp();
  const released = useRef(false);
  const asking = useRef(false);
  if (!dirty) released.current = false;

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      // older browsers show their text only when returnValue is set
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirty && !released.current && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [dirty],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    modal.confirm({
      title: t('unsavedGuard.title'),
      content: t('unsavedGuard.message'),
      width: MODAL_WIDTH.confirm,
      okText: t('unsavedGuard.leave'),
      cancelText: t('unsavedGuard.stay'),
      onOk: () => {
        asking.current = false;
        blocker.proceed();
      },
      onCancel: () => {
        asking.current = false;
        blocker.reset();
      },
    });
  }, [blocker, modal, t]);

  return {
    /** Lets the next navigation and unload through without asking (after a successful save). */
    release: () => {
      released.current = true;
    },
  };
}
