import { staff } from '@energy/contracts/refs';
import { App as AntApp } from 'antd';
import { useTranslation } from 'react-i18next';
import { api, ApiError, showError } from '../../shared/api/client';
import { MODAL_WIDTH } from '../../shared/modal';
import { pagePath } from '../navigation';

type StaffEntry = { id: number; staffCode: string; tenantName: string };

/**
 * The staff switch of spec 000 section 4: check the target, confirm (unless the person is choosing on
 * the selection page), switch, then reload the app home, which fetches the current-user data afresh. A 412 or 403 from
 * the check or the switch opens the disabled-or-frozen dialog; confirming it resets and goes home.
 */
export function useStaffSwitch() {
  const { modal } = AntApp.useApp();
  const { t } = useTranslation();

  const unusable = () =>
    modal.warning({
      title: t('errors.staffUnusableTitle'),
      content: t('errors.staffUnusable'),
      width: MODAL_WIDTH.info,
      okText: t('common.ok'),
      // the full page load resets every piece of current-user data
      onOk: () => window.location.assign(pagePath('/')),
    });

  const run = async (entry: StaffEntry, opts: { confirm: boolean; home: string }) => {
    const guarded = async <T>(call: () => Promise<T>): Promise<T | undefined> => {
      try {
        return await call();
      } catch (error) {
        if (error instanceof ApiError && (error.status === 412 || error.status === 403)) unusable();
        else if (error instanceof ApiError) showError(error.message);
        return undefined;
      }
    };
    if (!(await guarded(() => api(staff.staffCheck, { id: entry.id }, { quiet: true })))) return;
    if (opts.confirm) {
      const ok = await modal.confirm({
        title: t('staff.switchTitle'),
        content: t('staff.switchConfirm', { code: entry.staffCode, tenant: entry.tenantName }),
        width: MODAL_WIDTH.confirm,
        okText: t('common.ok'),
        cancelText: t('common.cancel'),
      });
      if (!ok) return;
    }
    if (!(await guarded(() => api(staff.staffSwitch, { staffId: entry.id }, { quiet: true })))) return;
    // a full page load: the new staff's data is fetched afresh, nothing of the previous one survives
    window.location.assign(pagePath(opts.home));
  };
  return run;
}
